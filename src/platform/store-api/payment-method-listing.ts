import { systemContext } from '../acl/context.js';
import type { Db } from '../database/connection.js';
import { executorOf, type UnitOfWork } from '../database/transaction.js';
import type { EntityRecord } from '../entities/serializer.js';
import type { CoreServices } from '../core-services.js';
import type { SalesChannelContext } from '../sales-channel/context/sales-channel-context.js';

/**
 * The payment methods a visitor can choose: active, assigned to the sales channel and with a
 * registered handler whose owner is active, by position. (Availability rules are not evaluated:
 * the platform has no rule engine.)
 */
export async function availablePaymentMethods(platform: Pick<CoreServices, 'db' | 'payments' | 'repositories'>, context: SalesChannelContext, within?: Db | UnitOfWork): Promise<EntityRecord[]> {
  const assigned = await executorOf(within ?? platform.db)
    .selectFrom('sales_channel_payment_method')
    .select('payment_method_id')
    .where('sales_channel_id', '=', context.salesChannel.id)
    .execute();
  if (assigned.length === 0) return [];
  const { entities } = await platform.repositories.get('payment_method').search(
    {
      filter: [
        { type: 'equalsAny', field: 'id', value: assigned.map((row) => row.payment_method_id as string) },
        { type: 'equals', field: 'active', value: true },
      ],
      sort: [
        { field: 'position', order: 'ASC' },
        { field: 'name', order: 'ASC' },
      ],
    },
    systemContext,
    within,
  );
  return entities.filter((method) => platform.payments.isAvailable(method.handlerIdentifier as string));
}
