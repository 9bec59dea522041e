/**
 * Child process of the bench: runs one gateway or export-target simulator, so its work never shares the
 * platform's event loop (as a real gateway never does). Driven over IPC by `remote-simulator.ts`.
 */
import { startPayASimulator } from '../src/extensions/pay-a/simulator/index.js';
import { startPayBSimulator } from '../src/extensions/pay-b/simulator/index.js';
import { startTargetSimulator } from '../src/extensions/order-export/simulator/index.js';
import { Pool } from 'undici';

/** `load-sender`: no simulator, only the storms (a client process for throughput rows). */
export type SimulatorKind = 'pay-a' | 'pay-b' | 'order-export-target' | 'load-sender';
/** The same request sent `total` times by `senders` concurrent loops, as a gateway retrying a webhook does. */
export interface Storm {
  url: string;
  headers: Record<string, string>;
  body: string;
  total: number;
  senders: number;
}
export interface StormResult {
  elapsedMs: number;
  /** How many answers had each status code. */
  statuses: Record<number, number>;
}
export type SimulatorMessage = { kind: SimulatorKind; options: object } | { id: number; member: string; args: unknown[] } | { id: number; storm: Storm };
export type SimulatorReply = { ready: Record<string, unknown> } | { id: number; result?: unknown; error?: string };

const starters: Record<SimulatorKind, (options: any) => Promise<Record<string, any>>> = {
  'pay-a': startPayASimulator,
  'pay-b': startPayBSimulator,
  'order-export-target': startTargetSimulator,
  'load-sender': async () => ({ close: async () => undefined }),
};

let simulator: Record<string, any> | undefined;
const send = (reply: SimulatorReply) => process.send!(reply);

process.on('message', async (message: SimulatorMessage) => {
  if ('kind' in message) {
    simulator = await starters[message.kind](message.options);
    // the plain values (base URL, delivery URL) travel with the ready message
    send({ ready: Object.fromEntries(Object.entries(simulator).filter(([, value]) => typeof value === 'string')) });
    return;
  }
  try {
    if ('storm' in message) return send({ id: message.id, result: await storm(message.storm) });
    const member = simulator![message.member];
    // a method is called; any other member (e.g. the deliveries list) is read
    const result = typeof member === 'function' ? await member.apply(simulator, message.args) : member;
    send({ id: message.id, result });
    if (message.member === 'close') process.exit(0);
  } catch (error) {
    send({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});

/** Sends the storm from this process, so the platform's process does no client work while it is measured. */
async function storm({ url, headers, body, total, senders }: Storm): Promise<StormResult> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: senders });
  const statuses: Record<number, number> = {};
  let left = total;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: senders }, async () => {
      while (left-- > 0) {
        const answer = await pool.request({ method: 'POST', path: target.pathname, headers, body });
        await answer.body.text();
        statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  await pool.close();
  return { elapsedMs, statuses };
}
