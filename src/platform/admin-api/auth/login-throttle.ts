/**
 * Slows down password guessing: after `maxFailures` failed logins for one username from one address
 * within `windowMs`, further attempts are refused until the window has passed. In memory, per process:
 * enough to make online guessing impractical without a shared store.
 */
export class LoginThrottle {
  readonly #failures = new Map<string, number[]>();
  // keys of attempts that never come back would otherwise stay forever: the expired ones are swept
  // whenever the map has doubled since the last sweep
  #nextSweepAt = 1000;

  constructor(
    private readonly maxFailures = 10,
    private readonly windowMs = 5 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait, or 0 when an attempt is allowed. */
  retryAfter(username: string, ip: string): number {
    const recent = this.#recent(this.#key(username, ip));
    if (recent.length < this.maxFailures) return 0;
    return Math.max(1, Math.ceil((recent[0]! + this.windowMs - this.now()) / 1000));
  }

  fail(username: string, ip: string): void {
    const key = this.#key(username, ip);
    this.#failures.set(key, [...this.#recent(key), this.now()]);
    if (this.#failures.size > this.#nextSweepAt) this.#sweep();
  }

  #sweep(): void {
    for (const key of [...this.#failures.keys()]) this.#recent(key);
    this.#nextSweepAt = Math.max(1000, this.#failures.size * 2);
  }

  /** How many keys are remembered (for tests of the memory bound). */
  get size(): number {
    return this.#failures.size;
  }

  succeed(username: string, ip: string): void {
    this.#failures.delete(this.#key(username, ip));
  }

  #recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.#failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) this.#failures.delete(key);
    else this.#failures.set(key, list);
    return list;
  }

  #key(username: string, ip: string): string {
    return `${username.toLowerCase()}|${ip}`;
  }
}
