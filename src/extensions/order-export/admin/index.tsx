import { Stack } from '@mantine/core';
import { defineModule, PageHeader, useCan } from '../../../admin/sdk';
import { FailedExportsCard } from './failed-exports-card';
import { OrderExportTab } from './order-tab';
import { CredentialsSection, MappingsSection, TargetsSection } from './setup-pages';

/** Targets, credentials and mappings; each section needs its own read privilege. */
function OrderExportPage() {
  const can = useCan();
  return (
    <>
      <PageHeader title="Order export" subtitle="Targets (ERPs) orders are sent to, their credentials and mappings." />
      <Stack>
        <TargetsSection />
        {can('ext_order_export_credential:read') && <CredentialsSection />}
        {can('ext_order_export_mapping:read') && <MappingsSection />}
      </Stack>
    </>
  );
}

export default defineModule({
  id: 'order-export',
  extension: 'ExtOrderExport',
  navigation: [{ label: 'Order export', path: '/order-export', privilege: 'ext_order_export_config:read', position: 50 }],
  routes: [{ path: '/order-export', component: OrderExportPage, privilege: 'ext_order_export_config:read' }],
  orderDetailTabs: [{ id: 'order-export', label: 'Export', privilege: 'ext_order_export:read', component: OrderExportTab }],
  settings: [{ domain: 'ExtOrderExport.config', title: 'Order export' }],
  dashboardCards: [{ id: 'failed-exports', privilege: 'ext_order_export:read', component: FailedExportsCard }],
});
