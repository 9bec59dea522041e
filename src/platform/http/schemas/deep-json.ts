type Frame =
  | { kind: 'array'; items: readonly unknown[]; index: number }
  | { kind: 'object'; source: object; entries: Array<[string, unknown]>; index: number; wrote: boolean };

/**
 * JSON.stringify's output for values of any depth: JSON.stringify recurses and overflows the stack
 * some thousands of levels down (a RangeError, a 500 for whoever answers with such a value), this walks
 * with its own stack. Same rules: toJSON is called with the member's key, undefined, functions and
 * symbols are left out of objects and written as null in arrays, non-finite numbers are null, a BigInt
 * or a cycle throws a TypeError. Slower than the native one, so only its fallback.
 */
export function stringifyDeep(value: unknown): string | undefined {
  const out: string[] = [];
  const open = new Set<object>();
  const stack: Frame[] = [];

  /** Writes a primitive or opens a container; false when the value is not written at all (undefined, a function). */
  const write = (raw: unknown, key: string): boolean => {
    let current = raw;
    if (typeof current === 'object' && current !== null && typeof (current as { toJSON?: unknown }).toJSON === 'function') {
      current = (current as { toJSON(key: string): unknown }).toJSON(key);
    } else if (typeof current === 'bigint' && typeof (BigInt.prototype as { toJSON?: unknown }).toJSON === 'function') {
      current = (current as unknown as { toJSON(key: string): unknown }).toJSON(key);
    }
    if (current instanceof Number || current instanceof String || current instanceof Boolean) current = current.valueOf();
    switch (typeof current) {
      case 'string':
        out.push(JSON.stringify(current));
        return true;
      case 'number':
        out.push(Number.isFinite(current) ? String(current) : 'null');
        return true;
      case 'boolean':
        out.push(current ? 'true' : 'false');
        return true;
      case 'bigint':
        throw new TypeError('Do not know how to serialize a BigInt');
      case 'undefined':
      case 'function':
      case 'symbol':
        return false;
    }
    if (current === null) {
      out.push('null');
      return true;
    }
    const container = current as object;
    if (open.has(container)) throw new TypeError('Converting circular structure to JSON');
    open.add(container);
    if (Array.isArray(container)) {
      out.push('[');
      stack.push({ kind: 'array', items: container, index: 0 });
    } else {
      out.push('{');
      stack.push({ kind: 'object', source: container, entries: Object.entries(container), index: 0, wrote: false });
    }
    return true;
  };

  if (!write(value, '')) return undefined;
  while (stack.length > 0) {
    const frame = stack.at(-1)!;
    if (frame.kind === 'array') {
      if (frame.index === frame.items.length) {
        out.push(']');
        open.delete(frame.items);
        stack.pop();
        continue;
      }
      const index = frame.index++;
      if (index > 0) out.push(',');
      if (!write(frame.items[index], String(index))) out.push('null');
    } else {
      if (frame.index === frame.entries.length) {
        out.push('}');
        open.delete(frame.source);
        stack.pop();
        continue;
      }
      const [key, member] = frame.entries[frame.index++]!;
      const mark = out.length;
      out.push(frame.wrote ? ',' : '', JSON.stringify(key), ':');
      if (write(member, key)) frame.wrote = true;
      else out.length = mark;
    }
  }
  return out.join('');
}

/** JSON.stringify, or stringifyDeep where the value nests deeper than JSON.stringify's recursion reaches. */
export function stringifyAnyDepth(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) return stringifyDeep(value) as string;
    throw error;
  }
}
