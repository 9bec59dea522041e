export const TAG = 'Order export';
export const ACTION_PREFIX = '/api/_action/ext-order-export';

/**
 * The route's one privilege, checked before the body is validated (a caller without rights learns
 * nothing about what a valid request would be, as the platform's writes do). Internal reads and writes
 * then run with system rights.
 */
export function privileged(privilege: string): { privileges: readonly string[] } {
  return { privileges: [privilege] };
}

/** The OpenAPI summary line with the privilege named. */
export function described(summary: string, privilege: string, description?: string): { tags: string[]; summary: string; description: string } {
  return { tags: [TAG], summary, description: `Needs the privilege \`${privilege}\`.${description ? ` ${description}` : ''}` };
}
