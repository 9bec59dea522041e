// Whether dist/ is older than src/: the check behind `npm run build -- --if-stale` and `npm start`.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const src = path.join(root, 'src');
export const dist = path.join(root, 'dist');
/** Written last by a server build: its time is the build's. */
export const stamp = path.join(dist, 'console-manifest.json');

/** Every file below `dir`. */
export function files(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/** True when there is no build or a file of src/ is newer than it. */
export function buildIsStale() {
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return files(src).some((file) => statSync(file).mtimeMs > built);
}
