/**
 * Plan ids -> the ids rows really have. A node found by its deterministic id maps to itself; a node
 * adopted by natural key (an existing "Storefront" channel, a merchant's manufacturer of the same name)
 * maps to the existing row's id, and every reference to it is written through `resolve`.
 */
export class IdMap {
  private readonly adopted = new Map<string, string>();

  adopt(planId: string, actualId: string): void {
    const known = this.adopted.get(planId);
    if (known !== undefined && known !== actualId) {
      throw new Error(`IdMap: plan id ${planId} is already mapped to ${known}, not ${actualId}`);
    }
    if (planId !== actualId) this.adopted.set(planId, actualId);
  }

  resolve(planId: string): string;
  resolve(planId: string | null): string | null;
  resolve(planId: string | null): string | null {
    return planId === null ? null : (this.adopted.get(planId) ?? planId);
  }

  resolveAll(planIds: readonly string[]): string[] {
    return planIds.map((id) => this.resolve(id));
  }

  isAdopted(planId: string): boolean {
    return this.adopted.has(planId);
  }
}
