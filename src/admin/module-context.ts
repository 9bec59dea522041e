import { createContext, useContext } from 'react';
import type { AdminModule } from './sdk';

/**
 * The installed modules, provided once by the shell. A module reads the others' contributions (order
 * detail tabs, settings domains) from here instead of importing the list that imports it.
 */
const ModulesContext = createContext<readonly AdminModule[]>([]);

export const ModulesProvider = ModulesContext.Provider;

export function useModules(): readonly AdminModule[] {
  return useContext(ModulesContext);
}
