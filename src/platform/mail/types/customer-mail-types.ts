import type { LoadedMail, MailReaders, PlatformMailType } from '../mail-type.js';
import { COMMON_VARIABLES, shippedTemplate } from './common.js';
import { sampleCustomer } from './sample-order.js';

/**
 * Mails to a customer account: the welcome after registering, the double opt-in confirmation and the
 * password recovery link. The links carry tokens: they travel sealed with the queued mail and are masked
 * in the mail log (the sender passes them as secrets, see MailService.enqueue).
 */

const CUSTOMER_VARIABLES: Record<string, string> = {
  'customer.firstName': "The customer's first name.",
  'customer.lastName': "The customer's last name.",
  'customer.email': "The customer's e-mail address.",
  'customer.customerNumber': 'The customer number.',
};

/** The customer as their mails show them, and their address; undefined when the account is gone. */
async function loadCustomerMail(platform: Pick<MailReaders, 'db'>, customerId: string | undefined): Promise<LoadedMail | undefined> {
  if (!customerId) return undefined;
  const row = await platform.db
    .selectFrom('customer')
    .select(['id', 'first_name', 'last_name', 'email', 'customer_number', 'sales_channel_id'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!row) return undefined;
  const customer = { id: row.id as string, firstName: row.first_name as string, lastName: row.last_name as string, email: row.email as string, customerNumber: row.customer_number as string };
  return {
    variables: { customer },
    to: [{ address: customer.email, name: `${customer.firstName} ${customer.lastName}` }],
    salesChannelId: row.sales_channel_id as string,
    customerId,
  };
}

export const customerRegisterMailType: PlatformMailType = {
  technicalName: 'customer_register',
  name: 'Customer registration',
  availableVariables: { ...CUSTOMER_VARIABLES, ...COMMON_VARIABLES },
  templateData: { customer: sampleCustomer },
  defaultTemplate: shippedTemplate('customer_register', 'Welcome to {{ shopName }}', 'Sent when a customer creates an account.'),
  load: (platform, { customerId }) => loadCustomerMail(platform, customerId),
};

export const customerDoubleOptInMailType: PlatformMailType = {
  technicalName: 'customer_register.double_opt_in',
  name: 'Double opt-in on registration',
  availableVariables: { ...CUSTOMER_VARIABLES, confirmUrl: 'The link that confirms the account (single use).', ...COMMON_VARIABLES },
  templateData: { customer: sampleCustomer, confirmUrl: 'https://shop.example.com/registration/confirm?em=…&hash=…' },
  defaultTemplate: shippedTemplate('customer_register.double_opt_in', 'Please confirm your registration at {{ shopName }}', 'Sent on registration when the sales channel requires a confirmed e-mail address.'),
  load: (platform, { customerId }) => loadCustomerMail(platform, customerId),
};

export const passwordRecoveryMailType: PlatformMailType = {
  technicalName: 'customer.recovery.request',
  name: 'Password recovery',
  availableVariables: {
    ...CUSTOMER_VARIABLES,
    resetUrl: 'The link to choose a new password (works once, for two hours).',
    expiresAt: 'When the link stops working (ISO 8601; print with `| date`).',
    ...COMMON_VARIABLES,
  },
  templateData: { customer: sampleCustomer, resetUrl: 'https://shop.example.com/account/recover/password?hash=…', expiresAt: '2026-11-25T16:03:00.000Z' },
  defaultTemplate: shippedTemplate('customer.recovery.request', 'Reset your password at {{ shopName }}', 'Sent when a customer asks to reset their password.'),
  load: (platform, { customerId }) => loadCustomerMail(platform, customerId),
};
