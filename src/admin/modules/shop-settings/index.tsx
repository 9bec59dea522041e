import { Link } from 'react-router';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { defineModule, PageHeader, useCan } from '../../sdk';
import { Currencies } from './currencies';
import { MailTemplateDetail } from './mail-template-detail';
import { MailTemplates } from './mail-templates';
import { Countries, PaymentMethods } from './payment-methods';
import { ShopBasics } from './shop-basics';

const SCREENS = [
  { path: '/shop-settings/basics', title: 'Shop basics', text: 'Shop name, contact e-mail, mail sender', privilege: 'system_config:read' },
  { path: '/shop-settings/currencies', title: 'Currencies', text: 'Exchange rates and decimals', privilege: 'currency:read' },
  { path: '/shop-settings/countries', title: 'Countries', text: 'Active, shipping available, order', privilege: 'country:read' },
  { path: '/shop-settings/payment-methods', title: 'Payment methods', text: 'Active, order, availability rule', privilege: 'payment_method:read' },
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

/** The shop's own settings: basics, currencies, countries, payment methods and mail templates. */
export default defineModule({
  id: 'shop-settings',
  navigation: [{ label: 'Shop settings', path: '/shop-settings', privilege: 'currency:read', position: 85 }],
  routes: [
    { path: '/shop-settings', component: ShopSettingsIndex, privilege: 'currency:read' },
    { path: '/shop-settings/basics', component: ShopBasics, privilege: 'system_config:read' },
    { path: '/shop-settings/currencies', component: Currencies, privilege: 'currency:read' },
    { path: '/shop-settings/countries', component: Countries, privilege: 'country:read' },
    { path: '/shop-settings/payment-methods', component: PaymentMethods, privilege: 'payment_method:read' },
    { path: '/shop-settings/mail-templates', component: MailTemplates, privilege: 'mail_template:read' },
    { path: '/shop-settings/mail-templates/:id', component: MailTemplateDetail, privilege: 'mail_template:read' },
  ],
});
