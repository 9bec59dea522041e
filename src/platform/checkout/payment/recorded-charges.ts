/**
 * Charges whose event this process saw recorded on their order transaction. A processed event is never
 * undone, so a redelivery of such a charge is a duplicate whatever the database says later: a webhook
 * storm is then answered after authentication alone, without reading the transaction. Other processes
 * (and this one after a restart) find the record in the database instead.
 */
export class RecordedCharges {
  readonly #keys = new Set<string>();

  /** `capacity` keys at most (about 100 bytes each); the oldest go first. */
  constructor(private readonly capacity = 10_000) {}

  has(key: string): boolean {
    return this.#keys.has(key);
  }

  add(key: string): void {
    if (this.#keys.has(key)) return;
    if (this.#keys.size >= this.capacity) this.#keys.delete(this.#keys.values().next().value!);
    this.#keys.add(key);
  }
}

