import { sql } from 'kysely';
import type { Executor } from '../../database/transaction.js';
import type { StoredContext } from './context-persister.js';
import type { ContextCurrency, ContextCustomer, ContextPaymentMethod, ContextSalesChannel, ContextShippingMethod } from './sales-channel-context.js';

/** What a context is built from, each candidate as found (undefined when it does not exist or is inactive). */
export interface ContextParts {
  /** The active customer, with the country and zip code of their default shipping address. */
  customer?: { customer: ContextCustomer; shippingCountryId: string | null; shippingZipcode: string | null };
  /** The visitor's chosen country if it is active and assigned to the channel, with the chosen state if it is one of its active states. */
  chosenCountry?: { id: string; stateId: string | null };
  /** `displayGross` of the customer's group (guests: the channel's); true when the group is gone. */
  displayGross: boolean;
  chosenCurrency?: ContextCurrency;
  /** The visitor's chosen language if it is still assigned to the channel. */
  chosenLanguageId?: string;
  channelCurrency?: ContextCurrency;
  /** The visitor's choice, else the customer's default, else the channel's; `active` for the availability check. */
  preferredPayment?: ContextPaymentMethod & { active: boolean };
  channelPayment?: ContextPaymentMethod;
  /** Active shipping methods only. */
  chosenShipping?: ContextShippingMethod;
  channelShipping?: ContextShippingMethod;
}

/**
 * Reads everything a request's context needs in one statement: the customer, and for currency, payment
 * and shipping method both the visitor's choice and the channel's default (the caller falls back), so a
 * Store API request spends one statement here instead of three to seven.
 */
export async function readContextParts(db: Executor, salesChannel: ContextSalesChannel, stored: Pick<StoredContext, 'customerId' | 'choices'>): Promise<ContextParts> {
  const { choices } = stored;
  const offered = (alias: string) =>
    sql`(${sql.ref(`${alias}.active`)} AND EXISTS (SELECT 1 FROM sales_channel_payment_method scpm
      WHERE scpm.payment_method_id = ${sql.ref(`${alias}.id`)} AND scpm.sales_channel_id = ${salesChannel.id}))`;
  // each candidate's columns under `<alias>_<column>`, read back by currencyOf, paymentOf and shippingOf
  const columns = (alias: string, names: readonly string[]) => sql.join(names.map((column) => sql`${sql.ref(`${alias}.${column}`)} AS ${sql.id(`${alias}_${column}`)}`));
  const currency = (alias: string) => columns(alias, ['id', 'iso_code', 'name', 'symbol', 'decimals', 'factor']);
  const payment = (alias: string) => columns(alias, ['id', 'technical_name', 'name', 'description', 'handler_identifier', 'active']);
  const shipping = (alias: string) => columns(alias, ['id', 'technical_name', 'name', 'tax_id', 'price', 'delivery_time_min_days', 'delivery_time_max_days']);
  const result = await sql<Record<string, unknown>>`
    SELECT
      c.id AS c_id, c.customer_number AS c_customer_number, c.company AS c_company, c.email AS c_email,
      c.first_name AS c_first_name, c.last_name AS c_last_name, c.group_id AS c_group_id, c.guest AS c_guest,
      c.default_billing_address_id AS c_default_billing_address_id, c.default_shipping_address_id AS c_default_shipping_address_id,
      c.default_payment_method_id AS c_default_payment_method_id, a.country_id AS c_shipping_country_id, a.zipcode AS c_shipping_zipcode,
      co.id AS co_id, cs.id AS cs_id, scl.language_id AS la_id, g.display_gross AS g_display_gross,
      ${currency('cc')}, ${currency('cd')},
      ${payment('pp')}, ${offered('pp')} AS pp_offered, ${payment('pd')}, ${offered('pd')} AS pd_offered,
      ${shipping('sc')}, ${shipping('sd')}
    FROM (SELECT 1) AS one
    LEFT JOIN customer c ON c.id = ${stored.customerId ?? null} AND c.active
    LEFT JOIN customer_address a ON a.id = c.default_shipping_address_id
    LEFT JOIN customer_group g ON g.id = coalesce(c.group_id, ${salesChannel.customerGroupId})
    LEFT JOIN country co ON co.id = ${choices.countryId ?? null} AND co.active
      AND EXISTS (SELECT 1 FROM sales_channel_country scc WHERE scc.country_id = co.id AND scc.sales_channel_id = ${salesChannel.id})
    LEFT JOIN country_state cs ON cs.id = ${choices.countryStateId ?? null} AND cs.country_id = co.id AND cs.active
    LEFT JOIN sales_channel_language scl ON scl.language_id = ${choices.languageId ?? null} AND scl.sales_channel_id = ${salesChannel.id}
    LEFT JOIN currency cc ON cc.id = ${choices.currencyId ?? null}
    LEFT JOIN currency cd ON cd.id = ${salesChannel.currencyId}
    LEFT JOIN payment_method pp ON pp.id = coalesce(${choices.paymentMethodId ?? null}, c.default_payment_method_id, ${salesChannel.paymentMethodId})
    LEFT JOIN payment_method pd ON pd.id = ${salesChannel.paymentMethodId}
    LEFT JOIN shipping_method sc ON sc.id = ${choices.shippingMethodId ?? null} AND sc.active
    LEFT JOIN shipping_method sd ON sd.id = ${salesChannel.shippingMethodId} AND sd.active`.execute(db);
  const row = result.rows[0]!;
  const preferred = paymentOf(row, 'pp');
  return {
    customer:
      row.c_id === null
        ? undefined
        : {
            customer: {
              id: row.c_id as string,
              customerNumber: row.c_customer_number as string,
              company: row.c_company as string | null,
              email: row.c_email as string,
              firstName: row.c_first_name as string,
              lastName: row.c_last_name as string,
              groupId: row.c_group_id as string,
              guest: row.c_guest as boolean,
              defaultBillingAddressId: row.c_default_billing_address_id as string | null,
              defaultShippingAddressId: row.c_default_shipping_address_id as string | null,
              defaultPaymentMethodId: row.c_default_payment_method_id as string | null,
            },
            shippingCountryId: row.c_shipping_country_id as string | null,
            shippingZipcode: row.c_shipping_zipcode as string | null,
          },
    displayGross: row.g_display_gross !== false,
    chosenCountry: row.co_id === null ? undefined : { id: row.co_id as string, stateId: row.cs_id as string | null },
    chosenCurrency: currencyOf(row, 'cc'),
    chosenLanguageId: row.la_id === null ? undefined : (row.la_id as string),
    channelCurrency: currencyOf(row, 'cd'),
    preferredPayment: preferred && { ...preferred, active: row.pp_active as boolean },
    channelPayment: paymentOf(row, 'pd'),
    chosenShipping: shippingOf(row, 'sc'),
    channelShipping: shippingOf(row, 'sd'),
  };
}

function currencyOf(row: Record<string, unknown>, alias: string): ContextCurrency | undefined {
  if (row[`${alias}_id`] === null) return undefined;
  return {
    id: row[`${alias}_id`] as string,
    isoCode: row[`${alias}_iso_code`] as string,
    name: row[`${alias}_name`] as string,
    symbol: row[`${alias}_symbol`] as string,
    decimals: row[`${alias}_decimals`] as number,
    // numeric arrives as a string
    factor: Number(row[`${alias}_factor`]),
  };
}

function paymentOf(row: Record<string, unknown>, alias: string): ContextPaymentMethod | undefined {
  if (row[`${alias}_id`] === null) return undefined;
  return {
    id: row[`${alias}_id`] as string,
    technicalName: row[`${alias}_technical_name`] as string,
    name: row[`${alias}_name`] as string,
    description: row[`${alias}_description`] as string | null,
    handlerIdentifier: row[`${alias}_handler_identifier`] as string,
    offered: row[`${alias}_offered`] as boolean,
  };
}

function shippingOf(row: Record<string, unknown>, alias: string): ContextShippingMethod | undefined {
  if (row[`${alias}_id`] === null) return undefined;
  return {
    id: row[`${alias}_id`] as string,
    technicalName: row[`${alias}_technical_name`] as string | null,
    name: row[`${alias}_name`] as string,
    taxId: row[`${alias}_tax_id`] as string | null,
    price: row[`${alias}_price`] as ContextShippingMethod['price'],
    deliveryTimeMinDays: row[`${alias}_delivery_time_min_days`] as number,
    deliveryTimeMaxDays: row[`${alias}_delivery_time_max_days`] as number,
  };
}
