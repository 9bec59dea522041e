import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Select } from '@mantine/core';
import { useApi, useCan, useLoad } from '../../sdk';
import { SwitchList } from './switch-list';

/** The availability rule of a method: the checkout offers it only where the rule matches. */
function RuleSelect({ row, rules }: { row: { id: string; name: string; availabilityRuleId?: unknown }; rules: Array<{ value: string; label: string }> }) {
  const api = useApi();
  const can = useCan();
  const [value, setValue] = useState((row.availabilityRuleId as string | null) ?? null);
  return (
    <Select
      aria-label={`Availability rule: ${row.name}`}
      size="xs"
      w={200}
      placeholder="Always available"
      data={rules}
      value={value}
      clearable
      disabled={!can('payment_method:update')}
      onChange={async (next) => {
        setValue(next);
        // refused: the stored rule stays, and so does the select
        await api.patch(`/api/payment-method/${row.id}`, { availabilityRuleId: next }).catch(() => setValue(value));
      }}
    />
  );
}

export function PaymentMethods() {
  const api = useApi();
  const rules = useLoad(
    () => api.search<{ id: string; name: string }>('rule', { limit: 500, sort: [{ field: 'name', order: 'ASC' }] }, { quiet: [403] }).then((answer) => answer.data.map((rule) => ({ value: rule.id, label: rule.name }))).catch(() => []),
    [],
  );
  return (
    <SwitchList
      title="Payment methods"
      entity="payment-method"
      privilegeEntity="payment_method"
      label="Payment methods"
      switches={[{ field: 'active', label: 'Active' }]}
      extraColumns={[
        { label: 'Handler', render: (row) => String(row.handlerIdentifier ?? '') },
        { label: 'Availability rule', render: (row) => <RuleSelect row={row} rules={rules.data ?? []} /> },
      ]}
    />
  );
}

export function Countries() {
  const can = useCan();
  return (
    <SwitchList
      title="Countries"
      entity="country"
      privilegeEntity="country"
      label="Countries"
      switches={[
        { field: 'active', label: 'Active' },
        { field: 'shippingAvailable', label: 'Shipping available' },
      ]}
      extraColumns={[
        { label: 'ISO', sortField: 'iso', render: (row) => String(row.iso ?? '') },
        ...(can('country_state:read')
          ? [{ label: 'States', render: (row: { id: string; name: string }) => <Anchor component={Link} to={`/shop-settings/countries/${row.id}`} aria-label={`States of ${row.name}`}>States</Anchor> }]
          : []),
      ]}
    />
  );
}
