import { sql } from 'kysely';
import type { CoreServices } from '../core-services.js';
import { systemContext } from '../acl/context.js';
import { transaction, type UnitOfWork } from '../database/transaction.js';
import { generateAccessKey } from '../admin-api/auth/access-keys.js';
import { SALES_CHANNEL_TYPE_STOREFRONT } from '../sales-channel/entities.js';
import { CURRENCY_DEFAULT, LANGUAGE_SYSTEM, defaultShopCurrencyId, defaultShopId } from './default-ids.js';
import { DEFAULT_COUNTRIES, DEFAULT_COUNTRY_STATES, DEFAULT_CURRENCIES, DEFAULT_PAYMENT_METHODS, DEFAULT_TAXES } from './default-shop-data.js';

/** What creating the default shop uses. */
export type DefaultShopDeps = Pick<CoreServices, 'db' | 'env' | 'logger' | 'repositories' | 'systemConfig'>;

const MARKER_KEY = 'core.firstStart.defaultShopCreatedAt';
// serialises first starts of several processes on one PostgreSQL server
const FIRST_START_LOCK = 7_311_402_122;

// defined beside the other fixed ids (importable without the first start's dependencies)
export { DEFAULT_SALES_CHANNEL_ID } from './default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from './default-ids.js';

/**
 * First start: the records a shop needs (language, currencies, countries and Germany's states, taxes, payment and shipping
 * methods, customer group, number ranges, a navigation category and the "Storefront" sales channel
 * with a domain on APP_URL). Runs once per database: a marker in system config records it, so
 * records a merchant deletes later are not brought back.
 */
export async function ensureDefaultShop(platform: DefaultShopDeps): Promise<void> {
  await transaction(platform.db, async (uow) => {
    await sql`SELECT pg_advisory_xact_lock(${FIRST_START_LOCK})`.execute(uow.db);
    const marker = await uow.db.selectFrom('system_config').select('id').where('configuration_key', '=', MARKER_KEY).executeTakeFirst();
    if (marker) return;
    await createDefaultShop(platform, uow);
    await platform.systemConfig.set(uow, MARKER_KEY, new Date().toISOString());
    platform.logger.info({ url: platform.env.appUrl }, 'created the default shop');
  });
}

async function createDefaultShop(platform: DefaultShopDeps, uow: UnitOfWork): Promise<void> {
  const create = (entity: string, data: Record<string, unknown> | Array<Record<string, unknown>>) =>
    platform.repositories.get(entity).create(data, systemContext, uow);

  await create('language', { id: LANGUAGE_SYSTEM, name: 'English', localeCode: 'en-GB' });
  await create(
    'currency',
    DEFAULT_CURRENCIES.map((c, i) => ({ id: defaultShopCurrencyId(c.isoCode), ...c, shortName: c.isoCode, position: i + 1 })),
  );
  await create(
    'country',
    DEFAULT_COUNTRIES.map((c, i) => ({ id: defaultShopId('country', c.iso), ...c, position: i + 1 })),
  );
  await create(
    'country_state',
    DEFAULT_COUNTRY_STATES.map(([shortCode, name], i) => ({ id: defaultShopId('country_state', shortCode), countryId: defaultShopId('country', 'DE'), shortCode, name, position: i + 1 })),
  );
  await create(
    'tax',
    DEFAULT_TAXES.map((t, i) => ({ id: defaultShopId('tax', t.key), name: t.name, taxRate: t.taxRate, position: i + 1 })),
  );
  await create('customer_group', { id: defaultShopId('customer_group', 'standard'), name: 'Standard customer group', displayGross: true });
  await create('number_range', [
    { id: defaultShopId('number_range', 'order'), name: 'Orders', technicalName: 'order', pattern: '{n}', start: 10000 },
    { id: defaultShopId('number_range', 'customer'), name: 'Customers', technicalName: 'customer', pattern: '{n}', start: 10000 },
  ]);
  await create(
    'payment_method',
    DEFAULT_PAYMENT_METHODS.map((p) => ({ id: defaultShopId('payment_method', p.technicalName), ...p, active: true })),
  );
  await create('shipping_method', {
    id: defaultShopId('shipping_method', 'standard'),
    technicalName: 'shipping_standard',
    name: 'Standard',
    description: 'Delivery in 1-3 working days.',
    price: [{ currencyId: CURRENCY_DEFAULT, gross: 4.99, net: 4.19, linked: true }],
    deliveryTimeMinDays: 1,
    deliveryTimeMaxDays: 3,
  });
  await create('category', { id: defaultShopId('category', 'home'), name: 'Home', type: 'page' });

  await create('sales_channel', {
    id: DEFAULT_SALES_CHANNEL_ID,
    typeId: SALES_CHANNEL_TYPE_STOREFRONT,
    name: 'Storefront',
    accessKey: generateAccessKey('SWSC'),
    languageId: LANGUAGE_SYSTEM,
    currencyId: CURRENCY_DEFAULT,
    paymentMethodId: defaultShopId('payment_method', DEFAULT_PAYMENT_METHODS[0].technicalName),
    shippingMethodId: defaultShopId('shipping_method', 'standard'),
    countryId: defaultShopId('country', 'DE'),
    customerGroupId: defaultShopId('customer_group', 'standard'),
    navigationCategoryId: defaultShopId('category', 'home'),
    languages: [{ id: LANGUAGE_SYSTEM }],
    currencies: DEFAULT_CURRENCIES.map((c) => ({ id: defaultShopCurrencyId(c.isoCode) })),
    countries: DEFAULT_COUNTRIES.map((c) => ({ id: defaultShopId('country', c.iso) })),
    paymentMethods: DEFAULT_PAYMENT_METHODS.map((p) => ({ id: defaultShopId('payment_method', p.technicalName) })),
    shippingMethods: [{ id: defaultShopId('shipping_method', 'standard') }],
    domains: [{ url: platform.env.appUrl, languageId: LANGUAGE_SYSTEM, currencyId: CURRENCY_DEFAULT }],
  });
}
