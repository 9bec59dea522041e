import type { Db } from '../database/connection.js';
import { isUnitOfWork, type UnitOfWork } from '../database/transaction.js';

/**
 * Event names and payloads. Modules add their events by declaration merging:
 *   declare module '../platform/events/dispatcher.js' { interface PlatformEvents { 'x.happened': { id: string } } }
 * Names not listed here may still be dispatched with an `unknown` payload (e.g. `state_enter.*`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PlatformEvents {}

export type EventName = keyof PlatformEvents | (string & {});
export type EventPayload<N> = N extends keyof PlatformEvents ? PlatformEvents[N] : unknown;

/** `within` is given to in-transaction subscribers only: the unit of work (or database) the event was dispatched in. */
export type Subscriber<N extends EventName = EventName> = (payload: EventPayload<N>, name: N, within?: Db | UnitOfWork) => Promise<void> | void;

/**
 * When a subscriber runs for an event dispatched inside a unit of work: `after-commit` (the default) once
 * the transaction committed, never for rolled-back data; `in-transaction` at once, inside it, so what it
 * writes (a queued message, say) commits or rolls back with the change itself, and no crash between the
 * commit and the subscriber can lose it. An in-transaction subscriber that fails fails the transaction.
 */
export type SubscriberPhase = 'after-commit' | 'in-transaction';

interface Registration {
  handler: Subscriber<any>;
  /** Extension that owns the subscriber; its subscribers are skipped while it is inactive. */
  owner?: string;
  phase: SubscriberPhase;
}

export interface EventDispatcherOptions {
  isOwnerActive?: (owner: string) => boolean;
  onSubscriberError?: (error: unknown, name: string) => void;
}

/**
 * Typed dispatcher. Dispatching inside a unit of work defers the subscribers until the transaction has
 * committed, so they never act on data that is rolled back; outside one they run at once.
 */
export class EventDispatcher {
  readonly #subscribers = new Map<string, Registration[]>();
  readonly #options: EventDispatcherOptions;

  constructor(options: EventDispatcherOptions = {}) {
    this.#options = options;
  }

  on<N extends EventName>(name: N, handler: Subscriber<N>, owner?: string, phase: SubscriberPhase = 'after-commit'): () => void {
    const list = this.#subscribers.get(name) ?? [];
    const registration: Registration = { handler, owner, phase };
    list.push(registration);
    this.#subscribers.set(name, list);
    return () => {
      const current = this.#subscribers.get(name) ?? [];
      this.#subscribers.set(
        name,
        current.filter((r) => r !== registration),
      );
    };
  }

  async dispatch<N extends EventName>(within: Db | UnitOfWork, name: N, payload: EventPayload<N>): Promise<void> {
    // in-transaction subscribers write with the change: their errors propagate, so the change rolls back
    for (const { handler, owner, phase } of [...(this.#subscribers.get(name) ?? [])]) {
      if (phase === 'in-transaction' && this.#isActive(owner)) await handler(payload, name, within);
    }
    if (isUnitOfWork(within)) {
      within.afterCommit(() => this.#run(name, payload));
      return;
    }
    await this.#run(name, payload);
  }

  #isActive(owner: string | undefined): boolean {
    return !owner || !this.#options.isOwnerActive || this.#options.isOwnerActive(owner);
  }

  /** After-commit subscribers run one after another; one failing is reported and does not stop the others. */
  async #run(name: string, payload: unknown): Promise<void> {
    for (const { handler, owner, phase } of [...(this.#subscribers.get(name) ?? [])]) {
      if (phase !== 'after-commit' || !this.#isActive(owner)) continue;
      try {
        await handler(payload, name);
      } catch (error) {
        (this.#options.onSubscriberError ?? ((e) => console.error(`subscriber of ${name} failed`, e)))(error, name);
      }
    }
  }
}
