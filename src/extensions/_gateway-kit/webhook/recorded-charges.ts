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

/** What a gateway's charge handler gets from its webhook: settings of every scope read once, and the memory above. */
export interface ChargeHandling<Settings> {
  /** A sales channel's settings (the webhook has read every scope already). */
  settingsOf(salesChannelId: string | null): Settings | Promise<Settings>;
  /** Charges this process saw recorded: a redelivery of one is answered without reading the transaction. */
  recorded: RecordedCharges;
}
