import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { systemContext } from '../../acl/context.js';
import { loadCustomerJson } from '../../customer/account/customer-json.js';
import { PASSWORD_MIN_LENGTH } from '../../customer/account/registration-input.js';
import { violationMessagesByPointer } from '../../customer/account/violations.js';
import { transaction } from '../../database/transaction.js';
import { AppError } from '../../errors/app-error.js';
import { isId, newId } from '../../ids.js';
import { toMinorUnits } from '../../checkout/money/money.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { hashPassword, verifyPassword } from '../../security/password.js';
import { redirectWithFlash, renderPage, safeLocalPath, storefrontRoutes, addFlash } from '../http/index.js';
import { deleteAddress, setDefaultAddress } from '../../customer/addresses/address-book.js';
import { canRetryPayment } from './order-payment-switch.js';
import { loadCustomerOrder } from './customer-order.js';
import { clientErrorMessages, formFields } from './form-input.js';
import { channelCountries } from './channel-countries.js';
import { pageParameter, paginate } from './paging.js';
import { loadProductCovers } from './product-covers.js';
import type { StorefrontServices } from './storefront-services.js';

const ORDERS_PATH = '/account/order';
const PERSONAL_PATH = '/account/personal';
const ADDRESSES_PATH = '/account/address';
const PASSWORD_PATH = '/account/password';
const ORDERS_PER_PAGE = 10;
const MAX_FIELD_LENGTH = 255;

const OrdersQuery = { querystring: Type.Object({ p: Type.Optional(Type.Unknown()) }) };
// ids are checked by the handlers (a 404 page for anything that is not the customer's)
const OrderParams = { params: Type.Object({ orderId: Type.String() }) };
const AddressParams = { params: Type.Object({ addressId: Type.String() }) };
// the confirm page's "add a new address": where to go afterwards and which default the new address becomes
const AddressCreateQuery = { querystring: Type.Object({ redirectTo: Type.Optional(Type.String()), useFor: Type.Optional(Type.String()) }) };

/** Where a new address's form returns to, and the default it becomes ('billing' | 'shipping'), from the confirm page. */
interface AfterAddressSave {
  redirectTo: string;
  useFor: 'billing' | 'shipping' | null;
}

function afterAddressSave(fields: { redirectTo?: unknown; useFor?: unknown }): AfterAddressSave {
  const useFor = fields.useFor === 'billing' || fields.useFor === 'shipping' ? fields.useFor : null;
  return { redirectTo: safeLocalPath(typeof fields.redirectTo === 'string' ? fields.redirectTo : undefined, ADDRESSES_PATH), useFor };
}

const ADDRESS_FIELDS = ['firstName', 'lastName', 'company', 'street', 'zipcode', 'city', 'countryId', 'phoneNumber'] as const;
const REQUIRED_ADDRESS_FIELDS = new Set(['firstName', 'lastName', 'street', 'city', 'countryId']);

/**
 * The customer's account area: order history and order detail, personal data, addresses and the
 * password. Every page needs a logged-in customer; every form carries the CSRF token.
 */
export function registerAccountAreaPages(app: FastifyInstance, services: StorefrontServices): void {
  const { platform, contexts } = services;
  const routes = storefrontRoutes(app);
  const db = platform.db;

  routes.page(
    ORDERS_PATH,
    async (request, reply) => {
      const context = await contexts.contextOf(request);
      const customerId = request.storefront.customer.id;
      const page = pageParameter(request.query.p);
      const { total, orders } = await loadOrderHistory(services, customerId, context.salesChannel.id, page);
      return renderPage(reply, 'account/orders.njk', {
        accountSection: 'orders',
        orders,
        pagination: paginate(total, page, ORDERS_PER_PAGE, (n) => `${ORDERS_PATH}?p=${n}`),
      });
    },
    { requireCustomer: true, schema: OrdersQuery },
  );

  routes.page(
    `${ORDERS_PATH}/:orderId`,
    async (request, reply) => {
      const context = await contexts.contextOf(request);
      const order = await loadCustomerOrder(platform, request.params.orderId, request.storefront.customer.id, context.salesChannel.id);
      return renderPage(reply, 'account/order-detail.njk', { accountSection: 'orders', order, currency: order.currency, canRetry: canRetryPayment(order) });
    },
    { requireCustomer: true, schema: OrderParams },
  );

  routes.page(
    PERSONAL_PATH,
    async (request, reply) => {
      const account = await accountOf(services, request.storefront.customer.id);
      return renderPersonal(reply, { firstName: String(account.firstName ?? ''), lastName: String(account.lastName ?? ''), email: String(account.email ?? '') }, {}, 200);
    },
    { requireCustomer: true },
  );

  routes.formPost(
    PERSONAL_PATH,
    async (request, reply) => {
      const fields = formFields(request.body);
      const customerId = request.storefront.customer.id;
      const values = { firstName: (fields.firstName ?? '').trim(), lastName: (fields.lastName ?? '').trim(), email: (fields.email ?? '').trim() };
      const errors: Record<string, string> = {};
      for (const [name, value] of Object.entries(values)) {
        if (value === '') errors[name] = 'Please fill in this field.';
        else if (value.length > MAX_FIELD_LENGTH || value.includes('\u0000')) errors[name] = 'This value is not valid.';
      }
      const current = await db.selectFrom('customer').select(['email', 'password']).where('id', '=', customerId).executeTakeFirstOrThrow();
      const emailChanged = values.email.toLowerCase() !== String(current.email).toLowerCase();
      if (emailChanged && !errors.email) {
        // a new address is a new login name: only the one who knows the password may set it
        if (!(await verifyPassword(fields.password ?? '', current.password as string | null))) errors.password = 'Please enter your current password to change your email address.';
        else if (await emailTaken(services, values.email, customerId)) errors.email = 'This email address is already in use.';
      }
      if (Object.keys(errors).length > 0) return renderPersonal(reply, values, errors, 400);
      try {
        await transaction(db, (uow) => platform.repositories.get('customer').update({ id: customerId, ...values }, systemContext, uow));
      } catch (error) {
        clientErrorMessages(error);
        return renderPersonal(reply, values, fieldErrorsOf(error), 400);
      }
      return redirectWithFlash(reply, PERSONAL_PATH, 'success', 'Your personal data has been saved.');
    },
    { requireCustomer: true, checksTextItself: true },
  );

  routes.page(
    ADDRESSES_PATH,
    async (request, reply) => {
      const account = await accountOf(services, request.storefront.customer.id);
      const addresses = await platform.repositories.get('customer_address').search(
        { filter: [{ type: 'equals', field: 'customerId', value: request.storefront.customer.id }], associations: { country: {} }, sort: [{ field: 'createdAt', order: 'ASC' }] },
        systemContext,
      );
      return renderPage(reply, 'account/addresses.njk', {
        accountSection: 'addresses',
        addresses: addresses.entities.map((address) => ({
          ...address,
          isDefaultBilling: address.id === account.defaultBillingAddressId,
          isDefaultShipping: address.id === account.defaultShippingAddressId,
        })),
      });
    },
    { requireCustomer: true },
  );

  routes.page(
    `${ADDRESSES_PATH}/create`,
    async (request, reply) => {
      const context = await contexts.contextOf(request);
      return renderAddressForm(reply, services, context, null, { countryId: context.salesChannel.countryId }, {}, 200, afterAddressSave(request.query));
    },
    { requireCustomer: true, schema: AddressCreateQuery },
  );

  routes.formPost(
    `${ADDRESSES_PATH}/create`,
    async (request, reply) => {
      const context = await contexts.contextOf(request);
      const customerId = request.storefront.customer.id;
      const fields = formFields(request.body);
      const after = afterAddressSave(fields);
      const values = addressValues(fields);
      const errors = await addressErrors(services, context, values);
      if (Object.keys(errors).length > 0) return renderAddressForm(reply, services, context, null, values, errors, 400, after);
      const id = newId();
      try {
        await transaction(db, (uow) => platform.repositories.get('customer_address').create({ id, customerId, ...nullableOptional(values) }, systemContext, uow));
      } catch (error) {
        clientErrorMessages(error);
        return renderAddressForm(reply, services, context, null, values, fieldErrorsOf(error), 400, after);
      }
      if (after.useFor) await setDefaultAddress(platform, customerId, id, after.useFor);
      return redirectWithFlash(reply, after.redirectTo, 'success', after.useFor ? `The address has been added and is now your ${after.useFor} address.` : 'The address has been added.');
    },
    { requireCustomer: true, checksTextItself: true },
  );

  routes.page(
    `${ADDRESSES_PATH}/:addressId`,
    async (request, reply) => {
      const context = await contexts.contextOf(request);
      const address = await ownAddress(services, request.params.addressId, request.storefront.customer.id);
      const values = Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, String(address[name] ?? '')]));
      return renderAddressForm(reply, services, context, address.id, values, {}, 200);
    },
    { requireCustomer: true, schema: AddressParams },
  );

  routes.formPost(
    `${ADDRESSES_PATH}/:addressId`,
    async (request, reply) => {
      const context = await contexts.contextOf(request);
      const address = await ownAddress(services, request.params.addressId, request.storefront.customer.id);
      const values = addressValues(formFields(request.body));
      const errors = await addressErrors(services, context, values);
      if (Object.keys(errors).length > 0) return renderAddressForm(reply, services, context, address.id, values, errors, 400);
      try {
        await transaction(db, (uow) => platform.repositories.get('customer_address').update({ id: address.id, ...nullableOptional(values) }, systemContext, uow));
      } catch (error) {
        clientErrorMessages(error);
        return renderAddressForm(reply, services, context, address.id, values, fieldErrorsOf(error), 400);
      }
      return redirectWithFlash(reply, ADDRESSES_PATH, 'success', 'The address has been saved.');
    },
    { requireCustomer: true, schema: AddressParams, checksTextItself: true },
  );

  for (const type of ['billing', 'shipping'] as const) {
    routes.formPost(
      `${ADDRESSES_PATH}/:addressId/default-${type}`,
      async (request, reply) => {
        const customerId = request.storefront.customer.id;
        const address = await ownAddress(services, request.params.addressId, customerId);
        const column = type === 'billing' ? 'default_billing_address_id' : 'default_shipping_address_id';
        await db.updateTable('customer').set({ [column]: address.id, updated_at: sql`now()` }).where('id', '=', customerId).execute();
        return redirectWithFlash(reply, safeLocalPath(formFields(request.body).redirectTo, ADDRESSES_PATH), 'success', `This is now your default ${type} address.`);
      },
      { requireCustomer: true, schema: AddressParams },
    );
  }

  routes.formPost(
    `${ADDRESSES_PATH}/:addressId/delete`,
    async (request, reply) => {
      const customerId = request.storefront.customer.id;
      const address = await ownAddress(services, request.params.addressId, customerId);
      try {
        await deleteAddress(platform, customerId, address.id);
      } catch (error) {
        clientErrorMessages(error);
        return redirectWithFlash(reply, ADDRESSES_PATH, 'danger', 'A default address cannot be deleted. Choose another default address first.');
      }
      return redirectWithFlash(reply, ADDRESSES_PATH, 'success', 'The address has been deleted.');
    },
    { requireCustomer: true, schema: AddressParams },
  );

  routes.page(PASSWORD_PATH, async (_request, reply) => renderPage(reply, 'account/password.njk', { accountSection: 'password', errors: {} }), { requireCustomer: true });

  routes.formPost(
    PASSWORD_PATH,
    async (request, reply) => {
      const fields = formFields(request.body);
      const customerId = request.storefront.customer.id;
      const newPassword = fields.newPassword ?? '';
      const errors: Record<string, string> = {};
      const current = await db.selectFrom('customer').select('password').where('id', '=', customerId).executeTakeFirstOrThrow();
      if (!(await verifyPassword(fields.currentPassword ?? '', current.password as string | null))) errors.currentPassword = 'Your current password is not correct.';
      if (newPassword.length < PASSWORD_MIN_LENGTH) errors.newPassword = `The new password needs at least ${PASSWORD_MIN_LENGTH} characters.`;
      else if (newPassword.length > 4096 || newPassword.includes('\u0000')) errors.newPassword = 'This password is not valid.';
      else if (newPassword !== (fields.newPasswordConfirm ?? '')) errors.newPasswordConfirm = 'The passwords do not match.';
      if (Object.keys(errors).length > 0) {
        addFlash(reply, 'danger', 'Your password has not been changed. Please check the marked fields.');
        return renderPage(reply, 'account/password.njk', { accountSection: 'password', errors }, 400);
      }
      const hash = await hashPassword(newPassword);
      const sessionToken = request.storefront.sessionToken;
      await transaction(db, async (uow) => {
        await uow.db.updateTable('customer').set({ password: hash, updated_at: sql`now()` }).where('id', '=', customerId).execute();
        // whoever knew the old password may be logged in elsewhere: every other session of this customer ends
        await uow.db.deleteFrom('sales_channel_api_context').where('customer_id', '=', customerId).where('token', '<>', sessionToken).execute();
      });
      return redirectWithFlash(reply, PASSWORD_PATH, 'success', 'Your password has been changed. Other sessions of your account have been logged out.');
    },
    { requireCustomer: true, checksTextItself: true },
  );
}

interface OrderHistoryRow {
  id: string;
  order_number: string;
  order_date_time: Date | string;
  amount_total: string | number;
  iso_code: string;
  symbol: string;
  decimals: number;
  state_name: string;
  state_technical_name: string;
  payment_state_name: string | null;
  payment_state_technical_name: string | null;
  payment_method_name: string | null;
}

/** One page of the customer's orders in this channel, newest first, each with its newest payment attempt and a few product images. */
async function loadOrderHistory(services: StorefrontServices, customerId: string, salesChannelId: string, page: number) {
  const db = services.platform.db;
  const where = sql`oc.customer_id = ${customerId} AND o.sales_channel_id = ${salesChannelId}`;
  const count = await sql<{ count: string }>`SELECT count(*) AS count FROM "order" o JOIN order_customer oc ON oc.order_id = o.id WHERE ${where}`.execute(db);
  const total = Number(count.rows[0]?.count ?? 0);
  const { rows } = await sql<OrderHistoryRow>`
    SELECT o.id, o.order_number, o.order_date_time, o.amount_total, c.iso_code, c.symbol, c.decimals,
      s.name AS state_name, s.technical_name AS state_technical_name,
      t.state_name AS payment_state_name, t.state_technical_name AS payment_state_technical_name, t.method_name AS payment_method_name
    FROM "order" o
    JOIN order_customer oc ON oc.order_id = o.id
    JOIN currency c ON c.id = o.currency_id
    JOIN state_machine_state s ON s.id = o.state_id
    LEFT JOIN LATERAL (
      SELECT ts.name AS state_name, ts.technical_name AS state_technical_name, pm.name AS method_name
      FROM order_transaction ot
      JOIN state_machine_state ts ON ts.id = ot.state_id
      LEFT JOIN payment_method pm ON pm.id = ot.payment_method_id
      WHERE ot.order_id = o.id
      ORDER BY ot.created_at DESC, ot.id DESC
      LIMIT 1
    ) t ON true
    WHERE ${where}
    ORDER BY o.order_date_time DESC, o.id DESC
    LIMIT ${ORDERS_PER_PAGE} OFFSET ${(page - 1) * ORDERS_PER_PAGE}`.execute(db);
  const ids = rows.map((row) => row.id);
  const items = ids.length === 0
    ? []
    : await db.selectFrom('order_line_item').select(['order_id', 'product_id', 'label', 'quantity']).where('order_id', 'in', ids).orderBy('position').execute();
  const covers = await loadProductCovers(db, items.map((item) => item.product_id as string | null), services.platform.env.appUrl);
  const orders = rows.map((row) => {
    const currency = { isoCode: row.iso_code, symbol: row.symbol, decimals: Number(row.decimals) };
    const own = items.filter((item) => item.order_id === row.id);
    return {
      id: row.id,
      orderNumber: row.order_number,
      date: new Date(row.order_date_time).toISOString().slice(0, 10),
      currency,
      totalPrice: toMinorUnits(Number(row.amount_total), currency.decimals),
      state: { name: row.state_name, technicalName: row.state_technical_name },
      paymentState: row.payment_state_name ? { name: row.payment_state_name, technicalName: row.payment_state_technical_name } : null,
      paymentMethod: row.payment_method_name,
      itemCount: own.reduce((sum, item) => sum + Number(item.quantity), 0),
      images: own.slice(0, 4).map((item) => ({ label: item.label as string, cover: (item.product_id && covers.get(item.product_id as string)) || null })),
    };
  });
  return { total, orders };
}

async function accountOf(services: StorefrontServices, customerId: string) {
  const account = await loadCustomerJson(services.platform, customerId);
  if (!account) throw new AppError(404, 'CHECKOUT__CUSTOMER_NOT_FOUND', 'Your account could not be found.');
  return account;
}

async function emailTaken(services: StorefrontServices, email: string, customerId: string): Promise<boolean> {
  const row = await services.platform.db
    .selectFrom('customer')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('guest', '=', false)
    .where('id', '<>', customerId)
    .executeTakeFirst();
  return row !== undefined;
}

function renderPersonal(reply: FastifyReply, values: Record<string, string>, errors: Record<string, string>, status: number) {
  return renderPage(reply, 'account/personal.njk', { accountSection: 'personal', values, errors }, status);
}

/** An address of this customer, else a 404 page (nobody learns which address ids exist). */
async function ownAddress(services: StorefrontServices, addressId: string, customerId: string) {
  const address = isId(addressId) ? await services.platform.repositories.get('customer_address').get(addressId, systemContext) : undefined;
  if (!address || address.customerId !== customerId) throw new AppError(404, 'CHECKOUT__ADDRESS_NOT_FOUND', `Address with id ${addressId} not found.`);
  return address;
}

function addressValues(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, (fields[name] ?? '').trim()]));
}

/** Empty optional fields are stored as null, as the registration does. */
function nullableOptional(values: Record<string, string>): Record<string, string | null> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value === '' && !REQUIRED_ADDRESS_FIELDS.has(name) ? null : value]));
}

async function addressErrors(services: StorefrontServices, context: SalesChannelContext, values: Record<string, string>): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === '' && REQUIRED_ADDRESS_FIELDS.has(name)) errors[name] = 'Please fill in this field.';
    else if (value.length > MAX_FIELD_LENGTH || value.includes('\u0000')) errors[name] = 'This value is not valid.';
  }
  if (!errors.countryId && !(await channelCountries(services, context)).some((country) => country.value === values.countryId)) errors.countryId = 'Please choose a country.';
  return errors;
}

/** Messages of a refused entity write by form field (the last segment of each pointer). */
function fieldErrorsOf(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [pointer, message] of Object.entries(violationMessagesByPointer(error))) errors[pointer.split('/').pop() || 'form'] = message;
  return errors;
}


async function renderAddressForm(
  reply: FastifyReply,
  services: StorefrontServices,
  context: SalesChannelContext,
  addressId: string | null,
  values: Record<string, string>,
  errors: Record<string, string>,
  status: number,
  after: AfterAddressSave = { redirectTo: ADDRESSES_PATH, useFor: null },
) {
  return renderPage(
    reply,
    'account/address-form.njk',
    { accountSection: 'addresses', addressId, values, errors, countries: await channelCountries(services, context), after },
    status,
  );
}
