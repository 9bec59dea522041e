import type { TSchema } from '@sinclair/typebox';
import type { RefundProvider } from '../../../platform/sdk/index.js';

export interface GatewayRefundNames {
  /** e.g. `Gateway A`: messages, error codes and the routes' OpenAPI tag. */
  gatewayName: string;
  /** e.g. `pay-a`: the routes' folder under `/api/_action/`, log lines and the code prefix (`PAY_A`). */
  prefix: string;
  privilege: string;
  /** The refund body as the route documents it. */
  body: TSchema;
}

/**
 * What a gateway's refund provider names after the gateway: `POST /api/_action/<prefix>/refund` and
 * `GET /api/_action/<prefix>/refundable/:orderTransactionId` behind the refund privilege, their OpenAPI
 * tag and summaries, the error code prefix and the log prefix.
 */
export function gatewayRefundRoutes(names: GatewayRefundNames): Pick<RefundProvider, 'gatewayName' | 'codePrefix' | 'logPrefix' | 'routes'> {
  const { gatewayName, prefix } = names;
  // "Gateway A" inside a sentence
  const named = gatewayName.charAt(0).toLowerCase() + gatewayName.slice(1);
  return {
    gatewayName,
    codePrefix: prefix.toUpperCase().replace(/-/g, '_'),
    logPrefix: prefix,
    routes: {
      refundPath: `/api/_action/${prefix}/refund`,
      refundablePath: `/api/_action/${prefix}/refundable`,
      privilege: names.privilege,
      tag: gatewayName,
      refundSummary: `Refund a ${named} payment`,
      refundableSummary: `The refundable balance of a ${named} payment, read live from the gateway`,
      body: names.body,
    },
  };
}
