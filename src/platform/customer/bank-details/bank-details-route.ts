import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { requirePrivileges } from '../../acl/context.js';
import { transaction } from '../../database/transaction.js';
import { errors } from '../../errors/app-error.js';
import { documentedOnly, errorResponses, Id, typed } from '../../http/schemas/index.js';
import type { PlatformServices } from '../../platform-services.js';
import { recordBankDetailsRead } from './bank-details-audit.js';

/** Reading a customer's bank details whole; no other privilege (not even `customer:read`) gives it. */
export const CUSTOMER_BANK_DETAILS_PRIVILEGE = 'customer_bank_details:read';

const BankDetails = Type.Object(
  {
    customerId: Type.String(),
    bankDetails: Type.Record(Type.String(), Type.Unknown(), {
      description:
        'The customer custom fields of the sets holding secret fields (the gateways\' bank details: bank, account number, account name, BVN), secret ones opened (null when one does not open under this APP_SECRET). `{}` when none are stored.',
    }),
  },
  { description: 'The bank details whole.' },
);

/**
 * `GET /api/_action/customer/{id}/bank-details`: the one way to read account numbers and BVNs whole
 * (every other read masks them). Each read that answers is audited in the same transaction, a row of
 * `customer_bank_details_read` and a log line, both without the values.
 */
export function registerBankDetailsRoute(app: FastifyInstance, platform: Pick<PlatformServices, 'db' | 'secretCustomFields'>): void {
  typed(app).get(
    '/api/_action/customer/:id/bank-details',
    {
      schema: {
        tags: ['Customer'],
        summary: "A customer's bank details, unmasked (audited)",
        description: `Needs \`${CUSTOMER_BANK_DETAILS_PRIVILEGE}\`. Every answered read is audited (who, when, which customer and fields; never the values).`,
        params: Type.Object({ id: Id({ description: 'The customer id.' }) }),
        response: {
          200: documentedOnly(BankDetails),
          ...errorResponses({ 403: `Missing \`${CUSTOMER_BANK_DETAILS_PRIVILEGE}\`.`, 404: 'No such customer.' }),
        },
      },
    },
    async (request, reply) => {
      // before anything is looked up: a caller without the privilege does not learn whether the customer exists
      requirePrivileges(request.apiContext, [CUSTOMER_BANK_DETAILS_PRIVILEGE]);
      const customerId = request.params.id;
      const bankDetails = await transaction(platform.db, async (uow) => {
        const details = await platform.secretCustomFields.read(uow.db, 'customer', customerId);
        if (!details) throw errors.notFound('customer', customerId);
        // in the read's transaction: no answer without its audit row
        await recordBankDetailsRead(uow.db, request.apiContext, customerId, Object.keys(details), request.log);
        return details;
      });
      reply.header('cache-control', 'no-store');
      return { customerId, bankDetails };
    },
  );
}
