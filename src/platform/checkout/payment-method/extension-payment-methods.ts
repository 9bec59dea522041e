import { sql } from 'kysely';
import type { UnitOfWork } from '../../database/transaction.js';
import { deterministicId } from '../../ids.js';
import type { PaymentMethodDeclaration } from '../../extensions.js';

// namespace of payment method ids derived from technical names: the same on every installation
const PAYMENT_METHOD_NAMESPACE = '3c5a9e0d7b1f4e2a8c6d0f1e2a3b4c5d';

export function paymentMethodIdOf(technicalName: string): string {
  return deterministicId(PAYMENT_METHOD_NAMESPACE, technicalName);
}

/**
 * Install/update: creates the methods that do not exist yet (active, offered in every sales channel).
 * Existing rows keep what the merchant changed (name, channels); only the handler is kept in line with
 * the code, and an install (`activate`) switches a method left inactive by an earlier uninstall back on.
 */
export async function ensurePaymentMethods(uow: UnitOfWork, declarations: PaymentMethodDeclaration[], options: { activate: boolean }): Promise<void> {
  for (const method of declarations) {
    const id = paymentMethodIdOf(method.technicalName);
    const inserted = await uow.db
      .insertInto('payment_method')
      .values({
        id,
        technical_name: method.technicalName,
        name: method.name,
        description: method.description ?? null,
        handler_identifier: method.technicalName,
        position: method.position ?? 1,
        active: true,
      })
      .onConflict((oc) =>
        oc.column('technical_name').doUpdateSet({
          handler_identifier: method.technicalName,
          ...(options.activate ? { active: true } : {}),
          updated_at: sql`now()`,
        }),
      )
      .returning(sql<boolean>`(xmax = 0)`.as('created'))
      .executeTakeFirstOrThrow();
    if (inserted.created) {
      await sql`INSERT INTO sales_channel_payment_method (sales_channel_id, payment_method_id)
        SELECT id, ${id} FROM sales_channel ON CONFLICT DO NOTHING`.execute(uow.db);
    }
  }
}

/**
 * Uninstall without keeping data: the methods are switched off, not deleted: orders keep referring to
 * the method they were paid with.
 */
export async function deactivatePaymentMethods(uow: UnitOfWork, declarations: PaymentMethodDeclaration[]): Promise<void> {
  const names = declarations.map((d) => d.technicalName);
  if (names.length === 0) return;
  await uow.db.updateTable('payment_method').set({ active: false, updated_at: sql`now()` }).where('technical_name', 'in', names).execute();
}
