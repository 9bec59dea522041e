/**
 * What `bin/console` runs: the compile cache first, then the console, handed the extension list of
 * main.ts (loaded only when a command needs the extensions' code; help comes from the build's manifest)
 * and the kernel's boot (loaded only when a command runs in this process).
 */
import { enableCompileCache } from './platform/compile-cache.js';

enableCompileCache();
const { runConsoleProcess } = await import('./platform/console/cli.js');
runConsoleProcess(
  async () => (await import('./main.js')).extensions,
  async (options) => (await import('./platform/kernel.js')).Platform.boot(options),
);
