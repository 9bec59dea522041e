import { hash } from 'node:crypto';

/**
 * Every generated value comes from a stream seeded by SHA-256 of `<node key>:<purpose>`, never from one
 * stream shared by all nodes: adding, removing or reordering a node leaves every other node's values as
 * they were, and two purposes of one node (its price, its stock) do not influence each other.
 */
export function derive(key: string, purpose: string): Derived {
  return new Derived(hash('sha256', `${key}:${purpose}`, 'buffer'));
}

/** A small seeded generator (sfc32: fast, 128-bit state, passes PractRand for our volumes). */
export class Derived {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: Uint8Array) {
    if (seed.length < 16) throw new Error('Derived: the seed needs at least 16 bytes');
    const view = new DataView(seed.buffer, seed.byteOffset, seed.byteLength);
    this.a = view.getUint32(0);
    this.b = view.getUint32(4);
    this.c = view.getUint32(8);
    this.d = view.getUint32(12);
    // sfc32 wants a few rounds before its output is well mixed
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1) with 53 random bits. */
  next(): number {
    const high = this.nextUint32() >>> 5;
    const low = this.nextUint32() >>> 6;
    return (high * 67108864 + low) / 9007199254740992;
  }

  /** An integer in [min, max], both included; `min` when the range is empty. */
  int(min: number, max: number): number {
    if (!Number.isInteger(min) || !Number.isInteger(max)) throw new Error(`Derived.int: bounds must be integers, got ${min}..${max}`);
    if (max <= min) return min;
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True in `percent` of all cases (0..100). */
  chance(percent: number): boolean {
    return this.next() * 100 < percent;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Derived.pick: nothing to pick from');
    return items[this.int(0, items.length - 1)]!;
  }

  /** One item, each as likely as its share of the summed weights. */
  weighted<T>(items: readonly T[], weightOf: (item: T) => number): T {
    const total = items.reduce((sum, item) => sum + weightOf(item), 0);
    if (!(total > 0)) throw new Error('Derived.weighted: the weights must add up to more than 0');
    let roll = this.next() * total;
    for (const item of items) {
      roll -= weightOf(item);
      if (roll < 0) return item;
    }
    return items[items.length - 1]!;
  }
}

/**
 * Orders `items` by a score hashed from the seed key, the purpose and each item's own key (rendezvous
 * hashing). An item's place relative to the others never depends on which other items exist, so adding a
 * product to a category changes an order's lines only where the new product ranks first.
 *
 * The score mixes a hash of `<seed>:<purpose>` with a hash of the item's key (both SHA-256, the item's
 * cached) through murmur3's finalizer: one SHA-256 per call and per new item instead of one per pair,
 * which made ranking every product of a channel for every order the slowest part of planning.
 */
export function rankStable<T>(seedKey: string, purpose: string, items: readonly T[], keyOf: (item: T) => string): T[] {
  const scored = scoreAll(seedKey, purpose, items, keyOf);
  scored.sort(byScore);
  return scored.map((s) => s.item);
}

interface Scored<T> {
  item: T;
  itemKey: string;
  score: number;
}

function scoreAll<T>(seedKey: string, purpose: string, items: readonly T[], keyOf: (item: T) => string): Array<Scored<T>> {
  const [seedHigh, seedLow] = hashPair(`${seedKey}:${purpose}`);
  return items.map((item) => {
    const itemKey = keyOf(item);
    const [itemHigh, itemLow] = itemHashes.get(itemKey) ?? cacheItemHash(itemKey);
    // 53 bits: 32 from one mix, 21 from the other
    const score = fmix32(seedHigh ^ itemHigh) * 2097152 + (fmix32((seedLow ^ itemLow) + seedHigh) >>> 11);
    return { item, itemKey, score };
  });
}

function byScore<T>(x: Scored<T>, y: Scored<T>): number {
  return x.score - y.score || (x.itemKey < y.itemKey ? -1 : x.itemKey > y.itemKey ? 1 : 0);
}

/** Item key hashes; keys are blueprint node keys, so the map stays as large as the biggest plan (cleared beyond that). */
const itemHashes = new Map<string, readonly [number, number]>();
const MAX_CACHED_ITEM_HASHES = 200_000;

function cacheItemHash(itemKey: string): readonly [number, number] {
  if (itemHashes.size >= MAX_CACHED_ITEM_HASHES) itemHashes.clear();
  const pair = hashPair(itemKey);
  itemHashes.set(itemKey, pair);
  return pair;
}

/** The first 64 bits of SHA-256 of `text`, as two unsigned 32-bit numbers. */
function hashPair(text: string): readonly [number, number] {
  const digest = hash('sha256', text, 'buffer');
  return [digest.readUInt32BE(0), digest.readUInt32BE(4)];
}

/** murmur3's 32-bit finalizer: every input bit flips about half of the output bits. */
function fmix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The first `count` items of {@link rankStable}, without sorting all of them (orders pick 1–5 of hundreds). */
export function pickStable<T>(seedKey: string, purpose: string, items: readonly T[], keyOf: (item: T) => string, count: number): T[] {
  const wanted = Math.max(0, count);
  if (wanted === 0) return [];
  const best: Array<Scored<T>> = [];
  for (const candidate of scoreAll(seedKey, purpose, items, keyOf)) {
    if (best.length === wanted && byScore(candidate, best[wanted - 1]!) >= 0) continue;
    // insertion into the short sorted list of the best so far
    let at = best.length;
    while (at > 0 && byScore(candidate, best[at - 1]!) < 0) at--;
    best.splice(at, 0, candidate);
    if (best.length > wanted) best.pop();
  }
  return best.map((s) => s.item);
}
