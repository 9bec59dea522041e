import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Extension } from '../extensions.js';
import type { CommandDescription } from './command.js';

/** The installation's extensions, loaded only when asked (help from the manifest needs none of their code). */
export type ExtensionLoader = () => Promise<Extension[]>;

/** Every command's description and owner: what `bin/console` needs for help without loading any code. */
export interface CommandCatalogEntry extends CommandDescription {
  /** The extension declaring it; absent for the platform's own. */
  owner?: string;
}

export interface CommandCatalog {
  all(): CommandCatalogEntry[];
  get(name: string): CommandCatalogEntry | undefined;
}

// next to the compiled console (dist/console-manifest.json); written by the build, absent when running from src
const MANIFEST = new URL('../../console-manifest.json', import.meta.url);

function catalogOf(entries: CommandCatalogEntry[]): CommandCatalog {
  const sorted = [...entries].sort((a, b) => a.name.localeCompare(b.name));
  const byName = new Map(sorted.map((entry) => [entry.name, entry]));
  return { all: () => sorted, get: (name) => byName.get(name) };
}

function describe(command: CommandDescription, owner?: string): CommandCatalogEntry {
  const { name, description, arguments: args, options, standalone } = command;
  return { name, description, ...(args ? { arguments: args } : {}), ...(options ? { options } : {}), ...(standalone ? { standalone } : {}), ...(owner ? { owner } : {}) };
}

/** The declared commands, read from the declarations themselves (this loads every module and extension). */
export async function declaredCommandCatalog(loadExtensions: ExtensionLoader): Promise<CommandCatalog> {
  const [{ platformModules }, extensions] = await Promise.all([import('../modules.js'), loadExtensions()]);
  return catalogOf([
    ...platformModules.flatMap((module) => (module.commands ?? []).map((command) => describe(command))),
    ...extensions.flatMap((extension) => (extension.commands ?? []).map((command) => describe(command, extension.name))),
  ]);
}

/** The catalog from the build's manifest when there is one, else from the declarations. */
export async function commandCatalog(loadExtensions: ExtensionLoader): Promise<CommandCatalog> {
  if (existsSync(MANIFEST)) {
    try {
      return catalogOf(JSON.parse(readFileSync(MANIFEST, 'utf8')) as CommandCatalogEntry[]);
    } catch {
      // a broken manifest only costs speed
    }
  }
  return declaredCommandCatalog(loadExtensions);
}

/** Build step: writes the manifest beside the compiled console. */
export async function writeCommandManifest(loadExtensions: ExtensionLoader): Promise<number> {
  const entries = (await declaredCommandCatalog(loadExtensions)).all();
  writeFileSync(fileURLToPath(MANIFEST), JSON.stringify(entries));
  return entries.length;
}
