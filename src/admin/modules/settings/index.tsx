import { Link } from 'react-router';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { defineModule, EmptyState, PageHeader } from '../../sdk';
import { useModules } from '../../module-context';
import { SettingsForm } from './settings-form';

/** Every settings domain the modules declare (each extension names its own). */
function SettingsIndex() {
  const domains = useModules().flatMap((module) => module.settings ?? []);
  return (
    <>
      <PageHeader title="Extension settings" subtitle="Per extension; values can differ per sales channel where the setting allows it." />
      {domains.length === 0 ? (
        <EmptyState title="No settings" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {domains.map((domain) => (
            <Card key={domain.domain} withBorder component={Link} to={`/settings/${encodeURIComponent(domain.domain)}`}>
              <Text fw={600}>{domain.title}</Text>
              <Text size="sm" c="dimmed">
                {domain.domain}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}

export default defineModule({
  id: 'settings',
  navigation: [{ label: 'Extension settings', path: '/settings', privilege: 'system_config:read', position: 90 }],
  routes: [
    { path: '/settings', component: SettingsIndex, privilege: 'system_config:read' },
    { path: '/settings/:domain', component: SettingsForm, privilege: 'system_config:read' },
  ],
});
