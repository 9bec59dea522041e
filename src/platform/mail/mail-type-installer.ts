import { sql } from 'kysely';
import type { Db } from '../database/connection.js';
import { executorOf, type UnitOfWork } from '../database/transaction.js';
import { newId } from '../ids.js';
import type { MailTypeDeclaration } from './mail-type.js';

/**
 * Makes the types exist: a missing type is created with its default template (`systemDefault`), an
 * existing one gets the declared name, variables and example data (the code owns them); templates that
 * exist are never touched, they are the merchant's. Two statements whatever the number of types, so the
 * platform can run it on every start.
 */
export async function installMailTypes(within: Db | UnitOfWork, declarations: readonly MailTypeDeclaration[]): Promise<void> {
  if (declarations.length === 0) return;
  const db = executorOf(within);
  const rows = declarations.map((type) => ({
    id: newId(),
    technical_name: type.technicalName,
    name: type.name,
    available_variables: JSON.stringify(type.availableVariables),
    template_data: JSON.stringify(type.templateData),
  }));
  const created = await db
    .insertInto('mail_template_type')
    .values(rows)
    .onConflict((conflict) =>
      conflict.column('technical_name').doUpdateSet({
        name: sql`excluded.name`,
        available_variables: sql`excluded.available_variables`,
        template_data: sql`excluded.template_data`,
        updated_at: sql`now()`,
      }).where(sql<boolean>`(mail_template_type.name, mail_template_type.available_variables, mail_template_type.template_data) IS DISTINCT FROM (excluded.name, excluded.available_variables, excluded.template_data)`),
    )
    // xmax is 0 for a row this statement inserted, set for one it updated
    .returning(['id', 'technical_name', sql<boolean>`xmax = 0`.as('inserted')])
    .execute();
  const templates = created
    .filter((row) => row.inserted)
    .map((row) => {
      const template = declarations.find((type) => type.technicalName === row.technical_name)!.defaultTemplate;
      return {
        id: newId(),
        mail_template_type_id: row.id,
        system_default: true,
        description: template.description ?? null,
        sender_name: template.senderName,
        subject: template.subject,
        content_html: template.contentHtml,
        content_plain: template.contentPlain,
      };
    });
  if (templates.length > 0) await db.insertInto('mail_template').values(templates).execute();
}
