import type jsonata from 'jsonata';

/**
 * Functions a mapping expression may not reference. `$now`, `$millis` and `$random` give a different
 * payload on every render, so an unchanged order would never deduplicate; `$eval` runs text as an
 * expression, which hides code from this check.
 */
export const FORBIDDEN_FUNCTIONS: ReadonlyMap<string, string> = new Map([
  ['eval', 'evaluates text as an expression'],
  ['now', 'is not deterministic and would defeat deduplication'],
  ['millis', 'is not deterministic and would defeat deduplication'],
  ['random', 'is not deterministic and would defeat deduplication'],
]);

export interface PolicyViolation {
  name: string;
  position: number | undefined;
  message: string;
}

/**
 * Every reference to a forbidden function in a parsed expression: calls, partial applications and
 * plain references (`$f := $now`), wherever they sit in the tree.
 */
export function findPolicyViolations(ast: jsonata.ExprNode): PolicyViolation[] {
  const violations: PolicyViolation[] = [];
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const record = node as Record<string, unknown>;
    if (record.type === 'variable' && typeof record.value === 'string') {
      const reason = FORBIDDEN_FUNCTIONS.get(record.value);
      if (reason) {
        const position = typeof record.position === 'number' ? record.position : undefined;
        violations.push({ name: record.value, position, message: `$${record.value} is not allowed: it ${reason}` });
      }
    }
    for (const value of Object.values(record)) visit(value);
  };
  visit(ast);
  return violations;
}
