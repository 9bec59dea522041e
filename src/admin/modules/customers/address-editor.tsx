import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ApiError, useApi } from '../../sdk';
import { fieldErrorsOf, READABLE_ERRORS } from '../../components/field-errors';

export interface CustomerAddress {
  id: string;
  firstName: string;
  lastName: string;
  company?: string | null;
  street: string;
  additionalAddressLine1?: string | null;
  zipcode?: string | null;
  city: string;
  phoneNumber?: string | null;
  countryId: string;
  country?: { name: string } | null;
  createdAt?: string;
  updatedAt?: string | null;
}

const TEXT_FIELDS: Array<[keyof CustomerAddress, string, boolean]> = [
  ['firstName', 'First name', true],
  ['lastName', 'Last name', true],
  ['company', 'Company', false],
  ['street', 'Street and number', true],
  ['additionalAddressLine1', 'Additional address line', false],
  ['zipcode', 'Postal code', false],
  ['city', 'City', true],
  ['phoneNumber', 'Phone number', false],
];

/**
 * A dialog that edits one address with `PATCH /api/customer-address/{id}`; the API's violations show at their
 * fields (`source.pointer`). The PATCH carries the version the dialog opened (`If-Match`): when someone else
 * saved the address since, the Admin API refuses it (412), nothing is saved and the merchant is told.
 */
export function AddressEditor({ address, countries, onClose, onSaved }: { address: CustomerAddress; countries: Array<{ value: string; label: string }>; onClose: () => void; onSaved: () => void }) {
  const api = useApi();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries([...TEXT_FIELDS.map(([field]) => [field, String(address[field] ?? '')]), ['countryId', address.countryId]]),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    setErrors({});
    try {
      const body = Object.fromEntries(Object.entries(values).map(([field, value]) => [field, value.trim() === '' && !TEXT_FIELDS.find(([f]) => f === field)?.[2] ? null : value]));
      await api.patch(`/api/customer-address/${address.id}`, body, { quiet: [400, 422], version: address.updatedAt ?? address.createdAt });
      notifications.show({ color: 'green', message: 'Address saved' });
      onSaved();
    } catch (reason) {
      if (reason instanceof ApiError && reason.status === 412) setErrors({ '': 'Someone else changed this address since you opened it. Close the dialog and open it again to see their change.' });
      else setErrors(fieldErrorsOf(reason));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal opened onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title="Edit address" size="lg">
      <Stack style={READABLE_ERRORS}>
        {errors[''] && <Alert color="red" role="alert">{errors['']}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {TEXT_FIELDS.map(([field, label, required]) => (
            <TextInput
              key={field}
              label={label}
              required={required}
              value={values[field]}
              error={errors[field]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setValues((all) => ({ ...all, [field]: value }));
              }}
            />
          ))}
          <Select label="Country" required data={countries} value={values.countryId} error={errors.countryId} searchable onChange={(v) => setValues((all) => ({ ...all, countryId: v ?? '' }))} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={save} loading={saving}>Save address</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
