import { expect } from 'vitest';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { transactionState } from '../../platform/checkout/checkout-fixtures.js';
import { storedRefunds } from '../_gateway-kit/stored-refunds.js';
import { customFieldsOf } from './gateway-test-setup.js';

/**
 * A refused refund changed nothing: the gateway received no refund request for the transaction (each gateway
 * reads its own request log, hence given), no capture or refund row was written, and the transaction keeps
 * its state and the keys of its custom fields.
 */
export async function expectRefusalChangedNothing(
  t: TestPlatform,
  orderTransactionId: string,
  expected: { refundRequestsAtGateway: unknown[]; state: string; customFieldKeys: string[] },
): Promise<void> {
  expect(expected.refundRequestsAtGateway).toEqual([]);
  expect(await storedRefunds(t, orderTransactionId)).toEqual([]);
  expect(await transactionState(t.platform, orderTransactionId)).toBe(expected.state);
  expect(Object.keys(await customFieldsOf(t.platform, orderTransactionId)).sort()).toEqual(expected.customFieldKeys);
}
