import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Group, Modal, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useApi, type ApiClient } from '../../sdk';
import { useEntitySave } from '../../components/entity-form';
import type { useListParams } from '../../components/list-params';

export const QUIET = { quiet: [400, 409] };

/** The subtitle link back to the landing page (or another list). */
export function BackLink({ to = '/shop-settings', children = 'All shop settings' }: { to?: string; children?: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      {children}
    </Anchor>
  );
}

/** The foot of an edit dialog: Cancel, and the save button (busy while saving). */
export function DialogButtons({ onCancel, onSave, saving, label = 'Save' }: { onCancel: () => void; onSave: () => void; saving: boolean; label?: string }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button onClick={onSave} loading={saving}>
        {label}
      </Button>
    </Group>
  );
}

/** A detail page's header buttons: Delete when the record exists and may be deleted, Save when it may be written. */
export function DetailActions({ onDelete, onSave, saving }: { onDelete: (() => void) | null; onSave: (() => void) | null; saving: boolean }) {
  return (
    <>
      {onDelete && (
        <Button variant="default" color="red" onClick={onDelete}>
          Delete
        </Button>
      )}
      {onSave && (
        <Button onClick={onSave} loading={saving}>
          Save
        </Button>
      )}
    </>
  );
}

/** An emptied text field is sent as null: the API then names the missing value at its field instead of storing "". */
export const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** Options for a Select from a search, or none when the user may not read the entity (the select then stays empty). */
export async function optionsOf(api: ApiClient, entity: string, label: (row: Record<string, any>) => string, sort: string, criteria: Record<string, unknown> = {}) {
  const answer = await api.search(entity, { limit: 500, sort: [{ field: sort, order: 'ASC' }], ...criteria }, { quiet: [403] }).catch(() => ({ data: [] as Array<Record<string, any>> }));
  return answer.data.map((row) => ({ value: row.id as string, label: label(row) }));
}

/**
 * The URL's `active` filter (`yes`, `no`, none) of a list, as the product list keeps it: a segmented control
 * and the criteria filter it stands for.
 */
export function ActiveFilter({ list, id }: { list: ReturnType<typeof useListParams>; id: string }) {
  const active = list.get('active');
  return (
    <Paper withBorder p="md" mb="md">
      <Text size="sm" fw={500} mb={4} id={id}>
        Active
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        value={active || 'all'}
        onChange={(value) => list.set({ active: value === 'all' ? null : value })}
        data={[
          { value: 'all', label: 'All' },
          { value: 'yes', label: 'Active' },
          { value: 'no', label: 'Inactive' },
        ]}
      />
    </Paper>
  );
}

export const activeFilterOf = (active: string) => (active ? [{ type: 'equals', field: 'active', value: active === 'yes' }] : []);

/**
 * Asks before a DELETE and shows the API's refusal in the dialog (a tax still used by products, a method a
 * sales channel still offers), so nothing disappears by one stray click.
 */
export function ConfirmDelete({ title, text, url, onClose, onDeleted }: { title: string; text: ReactNode; url: string; onClose: () => void; onDeleted: () => void }) {
  const api = useApi();
  const save = useEntitySave();
  const remove = async () => {
    if (await save.run(() => api.delete(url, QUIET), null, 'Deleted.')) onDeleted();
  };
  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text size="sm">{text}</Text>
        {Object.entries(save.errors).map(([field, message]) => (
          <Alert key={field} color="red" role="alert" title="Not deleted">
            {message}
          </Alert>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={remove} loading={save.saving}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A dialog's open state: null closed, `'new'` for creating, or the row being edited. */
export function useEditing<T>() {
  return useState<T | 'new' | null>(null);
}
