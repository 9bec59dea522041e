// The sandbox's worker entry when the platform runs from its TypeScript sources (vitest, `npm run dev`,
// the bench): worker threads start without the parent's loader, so tsx is registered here first. The
// built platform (dist/) starts workers on sandbox-worker.js directly.
import { register } from 'tsx/esm/api';

register();
const worker = await import('./sandbox-worker.ts');

export default worker.default;
