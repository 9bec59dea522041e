import net from 'node:net';
import { chmodSync, unlinkSync } from 'node:fs';
import type { PlatformServices } from '../platform-services.js';
import { commandNameOf, runCommand } from './runner.js';
import { EXIT } from './exit-codes.js';
import { encodeFrame, lineSplitter, type HandoffFrame, type HandoffRequest } from './handoff-protocol.js';
import { WORKER_COMMAND } from './commands/worker.js';


const SHUTDOWN_GRACE_MS = 10_000;

export interface HandoffServer {
  close(): Promise<void>;
}

/**
 * While a server owns the embedded database, `bin/console` runs its commands here, over a unix socket
 * only this user can open (mode 0600). Commands run in the server's platform exactly as they would
 * in a console process; their output lines and exit code stream back.
 */
export async function startHandoffServer(platform: PlatformServices, socketPath: string): Promise<HandoffServer> {
  // we own the database lock, so a socket file left here belongs to a dead owner
  removeSocketFile(socketPath);
  const connections = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    socket.on('error', () => undefined);
    serve(platform, socket);
  });
  await listenPrivately(server, socketPath);
  return {
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // commands in flight may finish within the grace period; then their clients are cut off
      const grace = setTimeout(() => connections.forEach((s) => s.destroy()), SHUTDOWN_GRACE_MS);
      await closed;
      clearTimeout(grace);
      removeSocketFile(socketPath);
    },
  };
}

function serve(platform: PlatformServices, socket: net.Socket): void {
  let started = false;
  const send = (frame: HandoffFrame) => {
    if (!socket.destroyed) socket.write(encodeFrame(frame));
  };
  socket.on(
    'data',
    lineSplitter((line) => {
      if (started) return;
      started = true;
      const argv = parseRequest(line);
      void execute(platform, argv, send).then((code) => {
        send({ exit: code });
        socket.end();
      });
    }),
  );
}

async function execute(platform: PlatformServices, argv: string[] | undefined, send: (frame: HandoffFrame) => void): Promise<number> {
  if (!argv) {
    send({ err: 'Malformed hand-off request.' });
    return EXIT.usage;
  }
  if (commandNameOf(argv) === WORKER_COMMAND && !argv.some((a) => a === '--help' || a === '-h')) {
    send({ err: 'The worker cannot run through the server: the server owns the embedded database and runs its own worker' });
    send({ err: '(unless it was started with RUN_WORKER=0). Stop the server to run "bin/console worker" alone, or use DATABASE_URL.' });
    return EXIT.failure;
  }
  try {
    return await runCommand(platform, argv, { out: (line) => send({ out: line }), err: (line) => send({ err: line }) });
  } catch (error) {
    platform.logger.error({ err: error }, 'hand-off command failed');
    send({ err: 'The command failed unexpectedly; see the server log.' });
    return EXIT.failure;
  }
}

function parseRequest(line: string): string[] | undefined {
  try {
    const request = JSON.parse(line) as HandoffRequest;
    return Array.isArray(request.argv) && request.argv.every((a) => typeof a === 'string') ? request.argv : undefined;
  } catch {
    return undefined;
  }
}

/** Binds with a umask that leaves the socket rw for the owner only, so no window exists where others could connect. */
async function listenPrivately(server: net.Server, socketPath: string): Promise<void> {
  const previous = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } finally {
    process.umask(previous);
  }
  // belt and braces: platforms whose bind ignores the umask
  chmodSync(socketPath, 0o600);
}

function removeSocketFile(socketPath: string): void {
  try {
    unlinkSync(socketPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
