import { fork } from 'node:child_process';
import type { SimulatorKind, SimulatorMessage, SimulatorReply, Storm, StormResult } from './simulator-process.js';

/** A simulator in a process of its own: its string members, and its other members through `call`. */
export interface RemoteSimulator {
  urls: Record<string, string>;
  /** Calls a method of the simulator (or reads a member) in the child; results travel as structured clones. */
  call<T = unknown>(member: string, ...args: unknown[]): Promise<T>;
  /** Sends one request many times from the simulator's process (a gateway's webhook storm). */
  storm(storm: Storm): Promise<StormResult>;
  close(): Promise<void>;
}

/** Starts a simulator in a child process (Node IPC with the advanced serialisation: bigint, Buffer, Map). */
export async function startRemoteSimulator(kind: SimulatorKind, options: object): Promise<RemoteSimulator> {
  const child = fork(new URL('./simulator-process.ts', import.meta.url), { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  const ready = new Promise<Record<string, string>>((resolve, reject) => {
    child.once('exit', (code) => {
      // nothing asked of a process that is gone can be answered any more
      const gone = new Error(`the ${kind} simulator process exited with ${code}`);
      reject(gone);
      for (const caller of pending.values()) caller.reject(gone);
      pending.clear();
    });
    child.on('message', (reply: SimulatorReply) => {
      if ('ready' in reply) return resolve(reply.ready as Record<string, string>);
      const caller = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.error !== undefined) caller?.reject(new Error(reply.error));
      else caller?.resolve(reply.result);
    });
  });
  child.send({ kind, options } satisfies SimulatorMessage);
  const urls = await ready;
  const ask = <T>(message: (id: number) => SimulatorMessage) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send(message(id));
    });
  const call = <T>(member: string, ...args: unknown[]) => ask<T>((id) => ({ id, member, args }));
  return {
    urls,
    call,
    storm: (storm) => ask<StormResult>((id) => ({ id, storm })),
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await call('close').catch(() => undefined);
      await exited;
    },
  };
}
