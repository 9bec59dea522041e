import { sql } from 'kysely';
import type { SubscriberDeclaration } from '../../declarations.js';
import type { EntityWrittenEvent } from '../../entities/writer.js';
import { executorOf } from '../../database/transaction.js';
import { throwProblems, type AppError } from '../../errors/app-error.js';
import { violation } from '../../entities/write-validation.js';
import type { PlatformServices } from '../../platform-services.js';
import type { TaxRuleTypeName } from './tax-rule-types.js';

interface WrittenRule {
  id: string;
  type: TaxRuleTypeName;
  data: Record<string, unknown> | null;
  /** Of `data.states`, those that are no state of the rule's country. */
  foreign_states: string[] | null;
}

/**
 * Whether each written rule's `data` is what its type needs. It runs inside the write's transaction,
 * after the rows are in place: an update may change the type or the data alone, so only the stored row
 * shows the combination; a mismatch rolls the whole write back as a 400.
 */
export const taxRuleDataCheck: SubscriberDeclaration<Pick<PlatformServices, 'db'>, 'tax_rule.written'> = {
  event: 'tax_rule.written',
  phase: 'in-transaction',
  async handle(payload, platform, within) {
    const { ids } = payload as EntityWrittenEvent;
    const rows = await sql<WrittenRule>`
      SELECT r.id, t.technical_name AS type, r.data,
        (SELECT array_agg(s.value) FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(r.data->'states') = 'array' THEN r.data->'states' ELSE '[]'::jsonb END) AS s(value)
           WHERE NOT EXISTS (SELECT 1 FROM country_state cs WHERE cs.id = s.value::uuid AND cs.country_id = r.country_id)) AS foreign_states
      FROM tax_rule r JOIN tax_rule_type t ON t.id = r.tax_rule_type_id
      WHERE r.id = ANY(${ids}::uuid[])`.execute(executorOf(within ?? platform.db));
    throwProblems(rows.rows.flatMap(problemOf));
  },
};

function problemOf(rule: WrittenRule): AppError[] {
  const data = rule.data ?? {};
  const present = (key: string) => typeof data[key] === 'string' && (data[key] as string).trim() !== '';
  const fail = (detail: string) => [violation('/data', detail, { field: 'data', taxRuleId: rule.id.replace(/-/g, ''), type: rule.type })];
  switch (rule.type) {
    case 'zip_code':
      return present('zipCode') ? [] : fail('A tax rule of type "zip_code" needs "data.zipCode".');
    case 'zip_code_range':
      return present('fromZipCode') && present('toZipCode') ? [] : fail('A tax rule of type "zip_code_range" needs "data.fromZipCode" and "data.toZipCode".');
    case 'individual_states':
      if (!Array.isArray(data.states) || data.states.length === 0) return fail('A tax rule of type "individual_states" needs "data.states": ids of states of its country.');
      return rule.foreign_states?.length ? fail(`These states are no states of the tax rule's country: ${rule.foreign_states.join(', ')}.`) : [];
    case 'entire_country':
      return [];
  }
}
