/**
 * Child process of the bench: runs one gateway or export-target simulator, so its work never shares the
 * platform's event loop (as a real gateway never does). Driven over IPC by `remote-simulator.ts`.
 */
import { startPayASimulator } from '../src/extensions/pay-a/simulator/index.js';
import { startPayBSimulator } from '../src/extensions/pay-b/simulator/index.js';
import { startTargetSimulator } from '../src/extensions/order-export/simulator/index.js';

export type SimulatorKind = 'pay-a' | 'pay-b' | 'order-export-target';
export type SimulatorMessage = { kind: SimulatorKind; options: object } | { id: number; member: string; args: unknown[] };
export type SimulatorReply = { ready: Record<string, unknown> } | { id: number; result?: unknown; error?: string };

const starters: Record<SimulatorKind, (options: any) => Promise<Record<string, any>>> = {
  'pay-a': startPayASimulator,
  'pay-b': startPayBSimulator,
  'order-export-target': startTargetSimulator,
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
    const member = simulator![message.member];
    // a method is called; any other member (e.g. the deliveries list) is read
    const result = typeof member === 'function' ? await member.apply(simulator, message.args) : member;
    send({ id: message.id, result });
    if (message.member === 'close') process.exit(0);
  } catch (error) {
    send({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
