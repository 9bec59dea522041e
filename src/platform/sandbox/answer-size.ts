export interface AnswerProblem {
  limit: 'size' | 'depth';
  message: string;
}

// characters JSON.stringify writes as an escape (\" \\ \n \u0001 ...)
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;
const EVERY_ESCAPE = /["\\\u0000-\u001f]/g;

/**
 * Whether a task's answer stays within `maxBytes` as JSON and nests at most `maxDepth` levels, decided
 * before the answer is copied out of the worker. Walks with its own stack (a hostile nesting cannot
 * overflow it) and stops as soon as a limit is passed: a string longer than what is left is refused by
 * its length, without reading it. Counts what JSON.stringify would write (members whose value is
 * undefined or a function left out), escapes included. Runs on every answer, so it allocates nothing
 * per value.
 */
export function answerProblem(answer: unknown, maxBytes: number, maxDepth: number): AnswerProblem | undefined {
  let bytes = 0;
  const tooLarge = (): AnswerProblem => ({ limit: 'size', message: `its answer is larger than ${maxBytes} bytes` });
  const values: unknown[] = [answer];
  const depths: number[] = [0];
  while (values.length > 0) {
    const value = values.pop();
    const depth = depths.pop()!;
    if (typeof value === 'string') {
      if (value.length + 2 > maxBytes - bytes) return tooLarge();
      bytes += stringBytes(value);
    } else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
      bytes += String(value).length;
    } else if (value === null) {
      bytes += 4;
    } else if (typeof value === 'object') {
      if (depth >= maxDepth) return { limit: 'depth', message: `its answer nests deeper than ${maxDepth} levels` };
      bytes += 2;
      if (Array.isArray(value)) {
        bytes += Math.max(0, value.length - 1);
        for (let index = value.length - 1; index >= 0; index--) {
          const item: unknown = value[index];
          // JSON.stringify writes null for what it cannot write inside an array
          values.push(item === undefined || typeof item === 'function' || typeof item === 'symbol' ? null : item);
          depths.push(depth + 1);
        }
      } else {
        let members = 0;
        for (const key in value) {
          if (!Object.hasOwn(value, key)) continue;
          const member: unknown = (value as Record<string, unknown>)[key];
          if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
          if (key.length > maxBytes - bytes) return tooLarge();
          bytes += stringBytes(key) + 1 + (members++ > 0 ? 1 : 0);
          values.push(member);
          depths.push(depth + 1);
        }
      }
    }
    if (bytes > maxBytes) return tooLarge();
  }
  return undefined;
}

/** UTF-8 bytes of a string as JSON text: quotes and escapes included. */
function stringBytes(text: string): number {
  let bytes = Buffer.byteLength(text, 'utf8') + 2;
  // \" and \\ add one byte each, control characters five (\u0001) or one (\n)
  if (NEEDS_ESCAPE.test(text)) for (const match of text.matchAll(EVERY_ESCAPE)) bytes += '"\\\b\f\n\r\t'.includes(match[0]) ? 1 : 5;
  return bytes;
}
