import net from 'node:net';
import { encodeFrame, lineSplitter, type HandoffFrame } from './handoff-protocol.js';

export type HandoffResult = { kind: 'done'; exitCode: number } | { kind: 'unreachable' };

/**
 * Sends argv to the server owning the embedded database and relays its output. `unreachable` means
 * nobody listens on the socket (yet): the caller decides whether to wait or open the database itself.
 */
export function runViaHandoff(socketPath: string, argv: string[], out: (line: string) => void, err: (line: string) => void): Promise<HandoffResult> {
  return new Promise((resolve, reject) => {
    let connected = false;
    let exitCode: number | undefined;
    const socket = net.createConnection(socketPath);
    socket.on('connect', () => {
      connected = true;
      socket.write(encodeFrame({ argv }));
    });
    socket.on(
      'data',
      lineSplitter((line) => {
        const frame = JSON.parse(line) as HandoffFrame;
        if ('out' in frame) out(frame.out);
        else if ('err' in frame) err(frame.err);
        else if ('exit' in frame) exitCode = frame.exit;
      }),
    );
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve({ kind: 'unreachable' });
      else reject(error);
    });
    socket.on('close', () => {
      if (!connected) return;
      if (exitCode === undefined) {
        err('The server closed the connection before the command finished (is it shutting down?).');
        resolve({ kind: 'done', exitCode: 1 });
      } else resolve({ kind: 'done', exitCode });
    });
  });
}
