import { setTimeout as sleep } from 'node:timers/promises';
import type { InjectedFault } from './types.js';

interface ActiveFault {
  fault: InjectedFault;
  remaining: number;
}

/** What a matched fault does to one request. */
export interface FaultAction {
  delayMs: number;
  /** undefined = delay only, then normal handling */
  answer: { status: number; body: unknown } | undefined;
  applyRequest: boolean;
}

/** Faults tests inject for API requests; each applies to its next `times` matching requests. */
export class FaultInjector {
  readonly #faults: ActiveFault[] = [];
  readonly #closing = new AbortController();

  /** `defaultBody`: the gateway's own error body for a status when the fault names none. */
  constructor(
    private readonly defaultBody: (status: number) => unknown,
    private readonly name: string,
  ) {}

  add(fault: InjectedFault): () => void {
    const times = fault.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new Error(`${this.name}: fault.times must be a positive integer`);
    const entry: ActiveFault = { fault, remaining: times };
    this.#faults.push(entry);
    return () => {
      const index = this.#faults.indexOf(entry);
      if (index !== -1) this.#faults.splice(index, 1);
    };
  }

  /** Takes the first fault matching the request, counting it down. */
  take(method: string, pathWithQuery: string): FaultAction | undefined {
    const pathOnly = pathWithQuery.split('?')[0]!;
    const entry = this.#faults.find(({ fault }) => {
      if (fault.method && fault.method.toUpperCase() !== method.toUpperCase()) return false;
      if (typeof fault.path === 'string') return fault.path === pathOnly || fault.path === pathWithQuery;
      fault.path.lastIndex = 0;
      return fault.path.test(pathWithQuery);
    });
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining === 0) this.#faults.splice(this.#faults.indexOf(entry), 1);
    const { fault } = entry;
    const answer = fault.status === undefined
      ? undefined
      : { status: fault.status, body: fault.body ?? this.defaultBody(fault.status) };
    return { delayMs: fault.delayMs ?? 0, answer, applyRequest: fault.applyRequest === true };
  }

  /** A fault's pause; cut short when the simulator closes. */
  async wait(ms: number): Promise<void> {
    if (ms <= 0) return;
    await sleep(ms, undefined, { signal: this.#closing.signal }).catch(() => undefined);
  }

  close(): void {
    this.#closing.abort();
    this.#faults.length = 0;
  }
}
