/**
 * Evaluates a rule's stored condition tree against what a shopper's context knows, for the condition
 * types this platform supports. A condition of any other type never matches: a rule is only applied
 * (an advanced price charged) when every condition of it was understood and holds.
 *
 * Shape (Shopware's, as stored in `rule.conditions`): a list of conditions that must all hold, each
 * `{ type, value?, children? }`; `andContainer` / `orContainer` nest lists; an empty list always holds.
 */
export interface RuleScope {
  salesChannelId: string;
  currencyId: string;
  customerGroupId: string;
}

interface Condition {
  type?: unknown;
  value?: Record<string, unknown>;
  children?: unknown;
}

export function ruleMatches(conditions: unknown, scope: RuleScope): boolean {
  if (conditions === null || conditions === undefined) return true;
  if (!Array.isArray(conditions)) return conditionHolds(conditions, scope);
  return conditions.every((condition) => conditionHolds(condition, scope));
}

function conditionHolds(raw: unknown, scope: RuleScope): boolean {
  if (typeof raw !== 'object' || raw === null) return false;
  const condition = raw as Condition;
  const children = Array.isArray(condition.children) ? condition.children : [];
  switch (condition.type) {
    case 'alwaysValid':
      return true;
    case 'andContainer':
      return children.every((child) => conditionHolds(child, scope));
    case 'orContainer':
      return children.some((child) => conditionHolds(child, scope));
    case 'salesChannel':
      return idListHolds(condition.value, 'salesChannelIds', scope.salesChannelId);
    case 'currency':
      return idListHolds(condition.value, 'currencyIds', scope.currencyId);
    case 'customerCustomerGroup':
      return idListHolds(condition.value, 'customerGroupIds', scope.customerGroupId);
    default:
      return false;
  }
}

/** `{operator: '=' | '!=', <listKey>: [ids]}`: whether `id` is (or is not) in the list. */
function idListHolds(value: Record<string, unknown> | undefined, listKey: string, id: string): boolean {
  const list = value?.[listKey];
  if (!Array.isArray(list)) return false;
  const listed = list.some((entry) => typeof entry === 'string' && entry.replace(/-/g, '').toLowerCase() === id);
  if (value?.operator === '=') return listed;
  if (value?.operator === '!=') return !listed;
  return false;
}
