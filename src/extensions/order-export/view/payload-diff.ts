/** One difference between two payloads, at a JSONPath-like path (`$.customer.email`, `$.lines[1].qty`). */
export interface PayloadChange {
  path: string;
  change: 'added' | 'removed' | 'changed';
  old?: unknown;
  new?: unknown;
}

/**
 * The fields that differ between two payloads: objects member by member, arrays index by index (a line
 * inserted in front shows as every later line changed, as the target sees it), anything else by value.
 */
export function diffPayloads(before: unknown, after: unknown, path = '$'): PayloadChange[] {
  if (isRecord(before) && isRecord(after)) {
    const changes: PayloadChange[] = [];
    for (const key of Object.keys(before)) {
      const child = memberPath(path, key);
      if (!(key in after)) changes.push({ path: child, change: 'removed', old: before[key] });
      else changes.push(...diffPayloads(before[key], after[key], child));
    }
    for (const key of Object.keys(after)) {
      if (!(key in before)) changes.push({ path: memberPath(path, key), change: 'added', new: after[key] });
    }
    return changes;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const changes: PayloadChange[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      const child = `${path}[${i}]`;
      if (i >= after.length) changes.push({ path: child, change: 'removed', old: before[i] });
      else if (i >= before.length) changes.push({ path: child, change: 'added', new: after[i] });
      else changes.push(...diffPayloads(before[i], after[i], child));
    }
    return changes;
  }
  return sameValue(before, after) ? [] : [{ path, change: 'changed', old: before, new: after }];
}

function memberPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));
}
