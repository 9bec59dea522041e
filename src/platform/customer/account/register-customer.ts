import { sql } from 'kysely';
import { systemContext } from '../../acl/context.js';
import { transaction, type UnitOfWork } from '../../database/transaction.js';
import type { EntityRecord } from '../../entities/serializer.js';
import { AppError, errors, throwProblems } from '../../errors/app-error.js';
import { newId } from '../../ids.js';
import type { CoreServices } from '../../core-services.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { reserveNumber } from '../../system/number-range.js';
import { loadCustomerJson } from './customer-json.js';
import { CUSTOMER_REGISTERED_EVENT } from './customer-events.js';
import { recordLogin } from './customer-login.js';
import { requiresDoubleOptIn, startDoubleOptIn, storefrontUrlOf } from './double-opt-in.js';
import { parseRegistration, type RegistrationAddress, type RegistrationInput } from './registration-input.js';
import { violations } from './violations.js';
import { countryOfChannel } from './channel-country.js';

/** What registering a customer uses: the records, the context, and the double opt-in's settings and mail. */
export type RegisterCustomerDeps = Pick<CoreServices, 'db' | 'env' | 'events' | 'mail' | 'repositories' | 'salesChannelContexts' | 'systemConfig'>;

// the unique index of 0010_customer: one account (non-guest) per e-mail address
const EMAIL_UNIQUE_CONSTRAINT = 'customer_email_account_uniq';

export interface RegisteredCustomer {
  /** The new customer as the Store API returns it (with default addresses). */
  customer: EntityRecord;
  /**
   * The visitor's context after the registration: logged in as the new customer, with a new token; the
   * unchanged guest context while the account waits for its double opt-in confirmation.
   */
  context: SalesChannelContext;
  /** The account waits for the confirmation link mailed to it (the channel's double opt-in). */
  awaitsConfirmation: boolean;
}

/**
 * Registers a customer in the context's sales channel and logs them in (Shopware's RegisterRoute).
 * `body` is the request body of `POST /store-api/account/register` (see RegistrationInput). Every
 * invalid field is reported at once: a 400 `AppError` (one field) or `AppErrorList` whose entries
 * carry the field pointers (`violationMessagesByPointer` turns them into form messages). Runs in one
 * transaction (joins `within` when given): customer, addresses, customer number and the login. When the
 * sales channel asks for a double opt-in (`core.loginRegistration.doubleOptInRegistration`), an account
 * (not a guest) is created inactive and not logged in, and the confirmation link is mailed instead.
 */
export async function registerCustomer(platform: RegisterCustomerDeps, context: SalesChannelContext, body: unknown, within?: UnitOfWork): Promise<RegisteredCustomer> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw errors.invalidRequest('The request body must be a JSON object.', '/');
  const { input, found } = parseRegistration(body as Record<string, unknown>);
  // read before the transaction: the setting comes from the process's copy of system_config
  const awaitsConfirmation = !input.guest && (await requiresDoubleOptIn(platform, context.salesChannel.id));
  return transaction(within ?? platform.db, async (uow) => {
    found.push(...(await checkAgainstShop(uow, context, input)));
    throwProblems(found);
    const salesChannelId = context.salesChannel.id;
    const customerId = await createCustomer(platform, context, input, uow, !awaitsConfirmation);
    let loggedIn = context;
    if (awaitsConfirmation) {
      const confirmUrl = await startDoubleOptIn(uow, { id: customerId, email: input.email }, await storefrontUrlOf(platform, uow.db, salesChannelId, input.storefrontUrl));
      await platform.events.dispatch(uow, CUSTOMER_REGISTERED_EVENT, { customerId, salesChannelId, guest: false, doubleOptIn: { confirmUrl } });
    } else {
      await recordLogin(uow, customerId);
      loggedIn = await platform.salesChannelContexts.login(context, customerId, uow);
      await platform.events.dispatch(uow, CUSTOMER_REGISTERED_EVENT, { customerId, salesChannelId, guest: input.guest });
    }
    const customer = await loadCustomerJson(platform, customerId, uow);
    if (!customer) throw new Error(`registerCustomer: customer ${customerId} vanished inside its own transaction`);
    return { customer, context: loggedIn, awaitsConfirmation };
  });
}

/** The checks that need the database: e-mail not taken, countries and storefront URL of this sales channel. */
async function checkAgainstShop(uow: UnitOfWork, context: SalesChannelContext, input: RegistrationInput): Promise<AppError[]> {
  const found: AppError[] = [];
  const channelId = context.salesChannel.id;
  if (input.email && !input.guest && (await emailTaken(uow, input.email))) found.push(violations.emailNotUnique('/email', input.email));
  if (input.storefrontUrl !== null) {
    // Shopware offers the channel's domain URLs as the choices; a trailing slash does not matter
    const url = input.storefrontUrl.replace(/\/+$/, '');
    const domain = await uow.db
      .selectFrom('sales_channel_domain')
      .select('id')
      .where('sales_channel_id', '=', channelId)
      .where('url', 'in', [url, `${url}/`])
      .executeTakeFirst();
    if (!domain) found.push(violations.noSuchChoice('/storefrontUrl'));
  }
  const addresses: Array<[string, RegistrationAddress | null]> = [
    ['/billingAddress', input.billingAddress],
    ['/shippingAddress', input.shippingAddress],
  ];
  for (const [pointer, address] of addresses) {
    if (!address?.countryId) continue;
    if (!(await countryOfChannel(uow, channelId, address.countryId))) found.push(violations.entityDoesNotExist(`${pointer}/countryId`, 'country', address.countryId));
  }
  return found;
}

async function emailTaken(uow: UnitOfWork, email: string): Promise<boolean> {
  const row = await uow.db
    .selectFrom('customer')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('guest', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}


async function createCustomer(platform: RegisterCustomerDeps, context: SalesChannelContext, input: RegistrationInput, uow: UnitOfWork, active: boolean): Promise<string> {
  const customers = platform.repositories.get('customer');
  const customerId = newId();
  const billingAddressId = newId();
  const shippingAddressId = input.shippingAddress ? newId() : billingAddressId;
  const addresses = [{ id: billingAddressId, ...input.billingAddress }];
  if (input.shippingAddress) addresses.push({ id: shippingAddressId, ...input.shippingAddress });
  try {
    await customers.create(
      {
        id: customerId,
        groupId: context.customerGroupId,
        salesChannelId: context.salesChannel.id,
        languageId: context.languageId,
        defaultPaymentMethodId: context.paymentMethod.id,
        customerNumber: await reserveNumber(uow, 'customer'),
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        ...(input.password === null ? {} : { password: input.password }),
        guest: input.guest,
        active,
        addresses,
      },
      systemContext,
      uow,
    );
  } catch (error) {
    // two registrations with one address at the same moment: the index decides, the loser gets the violation
    if (error instanceof AppError && (error.meta?.parameters as { constraint?: unknown } | undefined)?.constraint === EMAIL_UNIQUE_CONSTRAINT) {
      throw violations.emailNotUnique('/email', input.email);
    }
    throw error;
  }
  // the defaults point at addresses that reference the customer: set once both rows exist
  await customers.update({ id: customerId, defaultBillingAddressId: billingAddressId, defaultShippingAddressId: shippingAddressId }, systemContext, uow);
  return customerId;
}
