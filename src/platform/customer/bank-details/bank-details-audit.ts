import type { FastifyBaseLogger } from 'fastify';
import type { ApiContext } from '../../acl/context.js';
import type { Executor } from '../../database/transaction.js';
import { newId } from '../../ids.js';

/**
 * Records one whole read of a customer's bank details: a `customer_bank_details_read` row (user or
 * integration, customer, field names, time) and an info log line with the same facts. Never the values.
 */
export async function recordBankDetailsRead(db: Executor, context: ApiContext, customerId: string, fieldNames: string[], log: FastifyBaseLogger): Promise<void> {
  const { source } = context;
  const userId = source.type === 'admin-api' ? (source.userId ?? null) : null;
  const integrationId = source.type === 'admin-api' ? (source.integrationId ?? null) : null;
  await db
    .insertInto('customer_bank_details_read')
    .values({ id: newId(), customer_id: customerId, user_id: userId, integration_id: integrationId, field_names: JSON.stringify(fieldNames) })
    .execute();
  log.info({ customerId, userId, integrationId, fields: fieldNames }, 'customer bank details read');
}
