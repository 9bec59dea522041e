/**
 * What a fresh shop starts with. Exchange rates (`factor`: 1 EUR in that currency) are examples for
 * converting EUR prices of products without a price in the currency; merchants set real rates.
 */
export const DEFAULT_CURRENCIES = [
  { isoCode: 'EUR', name: 'Euro', symbol: '€', decimals: 2, factor: 1 },
  { isoCode: 'USD', name: 'US Dollar', symbol: '$', decimals: 2, factor: 1.08 },
  { isoCode: 'NGN', name: 'Nigerian Naira', symbol: '₦', decimals: 2, factor: 1650 },
  { isoCode: 'GHS', name: 'Ghanaian Cedi', symbol: 'GH₵', decimals: 2, factor: 16.5 },
  { isoCode: 'KES', name: 'Kenyan Shilling', symbol: 'KSh', decimals: 2, factor: 140 },
  { isoCode: 'ZAR', name: 'South African Rand', symbol: 'R', decimals: 2, factor: 20 },
  { isoCode: 'RWF', name: 'Rwandan Franc', symbol: 'FRw', decimals: 0, factor: 1450 },
  { isoCode: 'UGX', name: 'Ugandan Shilling', symbol: 'USh', decimals: 0, factor: 4000 },
  { isoCode: 'KWD', name: 'Kuwaiti Dinar', symbol: 'KD', decimals: 3, factor: 0.33 },
] as const;

export const DEFAULT_COUNTRIES = [
  { iso: 'DE', iso3: 'DEU', name: 'Germany' },
  { iso: 'AT', iso3: 'AUT', name: 'Austria' },
  { iso: 'CH', iso3: 'CHE', name: 'Switzerland' },
  { iso: 'FR', iso3: 'FRA', name: 'France' },
  { iso: 'NL', iso3: 'NLD', name: 'Netherlands' },
  { iso: 'GB', iso3: 'GBR', name: 'United Kingdom' },
  { iso: 'US', iso3: 'USA', name: 'United States of America' },
  { iso: 'NG', iso3: 'NGA', name: 'Nigeria' },
  { iso: 'GH', iso3: 'GHA', name: 'Ghana' },
  { iso: 'KE', iso3: 'KEN', name: 'Kenya' },
  { iso: 'ZA', iso3: 'ZAF', name: 'South Africa' },
  { iso: 'RW', iso3: 'RWA', name: 'Rwanda' },
  { iso: 'UG', iso3: 'UGA', name: 'Uganda' },
  { iso: 'KW', iso3: 'KWT', name: 'Kuwait' },
] as const;

export const DEFAULT_TAXES = [
  { key: 'standard', name: 'Standard rate', taxRate: 19 },
  { key: 'reduced', name: 'Reduced rate', taxRate: 7 },
  { key: 'free', name: 'Tax free', taxRate: 0 },
] as const;

/** Payment methods that need no gateway; their handlers are the platform's own. */
export const DEFAULT_PAYMENT_METHODS = [
  { technicalName: 'payment_invoicepayment', name: 'Invoice', handlerIdentifier: 'invoice', description: 'Pay within 14 days of receiving the invoice.', position: 1 },
  { technicalName: 'payment_cashpayment', name: 'Cash on delivery', handlerIdentifier: 'cash_on_delivery', description: 'Pay the courier on delivery.', position: 2 },
] as const;

/** The states of Germany (ISO 3166-2), which address forms offer for the shop's default country. */
export const DEFAULT_COUNTRY_STATES = [
  ['DE-BW', 'Baden-Württemberg'],
  ['DE-BY', 'Bavaria'],
  ['DE-BE', 'Berlin'],
  ['DE-BB', 'Brandenburg'],
  ['DE-HB', 'Bremen'],
  ['DE-HH', 'Hamburg'],
  ['DE-HE', 'Hesse'],
  ['DE-MV', 'Mecklenburg-Western Pomerania'],
  ['DE-NI', 'Lower Saxony'],
  ['DE-NW', 'North Rhine-Westphalia'],
  ['DE-RP', 'Rhineland-Palatinate'],
  ['DE-SL', 'Saarland'],
  ['DE-SN', 'Saxony'],
  ['DE-ST', 'Saxony-Anhalt'],
  ['DE-SH', 'Schleswig-Holstein'],
  ['DE-TH', 'Thuringia'],
] as const;
