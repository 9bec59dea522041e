import { Checkbox, Table, Text } from '@mantine/core';

/** The entities a role grants access to, grouped as a merchant thinks of them (`<entity>:<action>`). */
export const PRIVILEGE_ENTITIES: Array<{ entity: string; label: string }> = [
  { entity: 'product', label: 'Products' },
  { entity: 'category', label: 'Categories' },
  { entity: 'product_manufacturer', label: 'Manufacturers' },
  { entity: 'property_group', label: 'Properties' },
  { entity: 'media', label: 'Media' },
  { entity: 'order', label: 'Orders' },
  { entity: 'order_transaction', label: 'Order payments' },
  { entity: 'customer', label: 'Customers' },
  { entity: 'customer_group', label: 'Customer groups' },
  { entity: 'sales_channel', label: 'Sales channels' },
  { entity: 'currency', label: 'Currencies' },
  { entity: 'country', label: 'Countries' },
  { entity: 'tax', label: 'Taxes' },
  { entity: 'shipping_method', label: 'Shipping methods' },
  { entity: 'payment_method', label: 'Payment methods' },
  { entity: 'number_range', label: 'Number ranges' },
  { entity: 'mail_template', label: 'Mail templates' },
  { entity: 'system_config', label: 'Extension settings' },
  { entity: 'user', label: 'Users' },
  { entity: 'acl_role', label: 'Roles' },
  { entity: 'integration', label: 'Integrations' },
];

export const PRIVILEGE_ACTIONS = ['read', 'update', 'create', 'delete'] as const;

/** Privileges the matrix does not show (e.g. `order_refund.editor`): kept as they are on save. */
export function privilegesOutsideMatrix(privileges: string[]): string[] {
  const shown = new Set(PRIVILEGE_ENTITIES.flatMap(({ entity }) => PRIVILEGE_ACTIONS.map((action) => `${entity}:${action}`)));
  return privileges.filter((privilege) => !shown.has(privilege));
}

/**
 * Entity × read/update/create/delete checkboxes over a list of privilege names (Shopware's
 * `acl_role.privileges`). Granting a write grants `read` too, and taking `read` away takes the writes:
 * a write without read is useless in the Administration.
 */
export function PrivilegeMatrix({ value, onChange, readOnly, error }: { value: string[]; onChange: (next: string[]) => void; readOnly: boolean; error?: string }) {
  const held = new Set(value);
  const toggle = (entity: string, action: (typeof PRIVILEGE_ACTIONS)[number], on: boolean) => {
    const next = new Set(held);
    if (on) {
      next.add(`${entity}:${action}`);
      next.add(`${entity}:read`);
    } else if (action === 'read') {
      for (const each of PRIVILEGE_ACTIONS) next.delete(`${entity}:${each}`);
    } else next.delete(`${entity}:${action}`);
    onChange([...next].sort());
  };
  return (
    <>
      {error && (
        <Text c="red" size="sm" mb="xs" role="alert">
          {error}
        </Text>
      )}
      <Table.ScrollContainer minWidth={420}>
        <Table striped verticalSpacing={6} aria-label="Privileges" data-testid="privilege-matrix">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Area</Table.Th>
              {PRIVILEGE_ACTIONS.map((action) => (
                <Table.Th key={action} ta="center">
                  {action}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {PRIVILEGE_ENTITIES.map(({ entity, label }) => (
              <Table.Tr key={entity}>
                <Table.Td>
                  <Text size="sm">{label}</Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {entity}
                  </Text>
                </Table.Td>
                {PRIVILEGE_ACTIONS.map((action) => (
                  <Table.Td key={action}>
                    <Checkbox
                      mx="auto"
                      w="fit-content"
                      aria-label={`${entity}:${action}`}
                      checked={held.has(`${entity}:${action}`)}
                      disabled={readOnly}
                      onChange={(event) => toggle(entity, action, event.currentTarget.checked)}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
