/**
 * What `npm start` runs: the compile cache first, then the server of `main.ts` (imported afterwards, so
 * its modules load through the cache).
 */
import { enableCompileCache } from './platform/compile-cache.js';

enableCompileCache();
const { runServer } = await import('./main.js');
runServer();
