import { Link } from 'react-router';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { defineModule, PageHeader, useCan } from '../../sdk';
import { CountryStates } from './country-states';
import { Currencies } from './currencies';
import { MailTemplateDetail } from './mail-template-detail';
import { MailTemplates } from './mail-templates';
import { NumberRanges } from './number-ranges';
import { Countries, PaymentMethods } from './payment-methods';
import { ShippingMethodDetail, ShippingMethods } from './shipping-methods';
import { ShopBasics } from './shop-basics';
import { TaxDetail, Taxes } from './taxes';

const SCREENS = [
  { path: '/shop-settings/basics', title: 'Shop basics', text: 'Shop name, contact e-mail, mail sender', privilege: 'system_config:read' },
  { path: '/shop-settings/currencies', title: 'Currencies', text: 'Exchange rates and decimals', privilege: 'currency:read' },
  { path: '/shop-settings/countries', title: 'Countries', text: 'Active, shipping available, order, states', privilege: 'country:read' },
  { path: '/shop-settings/taxes', title: 'Taxes', text: 'Tax rates and their rates per country', privilege: 'tax:read' },
  { path: '/shop-settings/payment-methods', title: 'Payment methods', text: 'Active, order, availability rule', privilege: 'payment_method:read' },
  { path: '/shop-settings/shipping-methods', title: 'Shipping methods', text: 'Prices per currency, tax, delivery time', privilege: 'shipping_method:read' },
  { path: '/shop-settings/number-ranges', title: 'Number ranges', text: 'How orders and customers are numbered', privilege: 'number_range:read' },
  { path: '/shop-settings/mail-templates', title: 'Mail templates', text: 'Edit, preview, send a test mail', privilege: 'mail_template:read' },
  { path: '/settings', title: 'Extension settings', text: 'Each extension’s own settings', privilege: 'system_config:read' },
];

function ShopSettingsIndex() {
  const can = useCan();
  return (
    <>
      <PageHeader title="Shop settings" subtitle="How the shop presents itself, sells and mails." />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {SCREENS.filter((screen) => can(screen.privilege)).map((screen) => (
          <Card key={screen.path} withBorder component={Link} to={screen.path}>
            <Text fw={600}>{screen.title}</Text>
            <Text size="sm" c="dimmed">
              {screen.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}

/** The shop's own settings: basics, currencies, countries and their states, taxes, payment and shipping methods, number ranges, mail templates. */
export default defineModule({
  id: 'shop-settings',
  navigation: [{ label: 'Shop settings', path: '/shop-settings', privilege: 'currency:read', position: 85 }],
  routes: [
    { path: '/shop-settings', component: ShopSettingsIndex, privilege: 'currency:read' },
    { path: '/shop-settings/basics', component: ShopBasics, privilege: 'system_config:read' },
    { path: '/shop-settings/currencies', component: Currencies, privilege: 'currency:read' },
    { path: '/shop-settings/countries', component: Countries, privilege: 'country:read' },
    { path: '/shop-settings/countries/:id', component: CountryStates, privilege: 'country_state:read' },
    { path: '/shop-settings/taxes', component: Taxes, privilege: 'tax:read' },
    { path: '/shop-settings/taxes/:id', component: TaxDetail, privilege: 'tax:read' },
    { path: '/shop-settings/payment-methods', component: PaymentMethods, privilege: 'payment_method:read' },
    { path: '/shop-settings/shipping-methods', component: ShippingMethods, privilege: 'shipping_method:read' },
    { path: '/shop-settings/shipping-methods/:id', component: ShippingMethodDetail, privilege: 'shipping_method:read' },
    { path: '/shop-settings/number-ranges', component: NumberRanges, privilege: 'number_range:read' },
    { path: '/shop-settings/mail-templates', component: MailTemplates, privilege: 'mail_template:read' },
    { path: '/shop-settings/mail-templates/:id', component: MailTemplateDetail, privilege: 'mail_template:read' },
  ],
});
