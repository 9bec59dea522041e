import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ApiError, type ApiClient } from '../sdk';
import { fieldErrorsOf } from './field-errors';

/** A new entity id as the Admin API takes it (32 hex digits). */
export function newEntityId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

/**
 * Whether someone else saved the record since it was loaded, asked before anything is written (a save may
 * write other records first). The record's own PATCH then carries the version in `If-Match`, which closes
 * the window between this question and the write: the Admin API answers 412 when someone saved in it.
 */
async function changedSince(api: ApiClient, entity: string, id: string, loadedUpdatedAt: string | null): Promise<boolean> {
  const now = await api.search<{ updatedAt: string | null }>(entity, { ids: [id], includes: { [entity.replace(/-/g, '_')]: ['updatedAt'] } });
  return (now.data[0]?.updatedAt ?? null) !== loadedUpdatedAt;
}

/**
 * The state of one entity form's save: `run` checks for a conflict (when `updatedAt` is given), writes,
 * and turns a 400 into errors by field (`source.pointer`) that the inputs show; a 409, a 412 or a detected
 * conflict sets `conflict`, so nothing of the user's is silently overwritten.
 */
export function useEntitySave() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);

  /** `done`: the success toast's text, or null for none (a preview is no save). */
  async function run(write: () => Promise<void>, check?: { api: ApiClient; entity: string; id: string; updatedAt: string | null } | null, done: string | null = 'Your changes are saved.'): Promise<boolean> {
    setSaving(true);
    setErrors({});
    setConflict(false);
    try {
      if (check && (await changedSince(check.api, check.entity, check.id, check.updatedAt))) {
        setConflict(true);
        return false;
      }
      const release = check?.updatedAt ? check.api.expectVersion(`/api/${check.entity}/${check.id}`, check.updatedAt) : () => {};
      try {
        await write();
      } finally {
        release();
      }
      if (done) notifications.show({ color: 'green', title: 'Saved', message: done });
      return true;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.status === 412)) setConflict(true);
      else if (error instanceof ApiError && error.status === 400) setErrors(fieldErrorsOf(error));
      return false;
    } finally {
      setSaving(false);
    }
  }

  /** The error of a field by its path (`password`, `privileges`), for an input's `error` prop. */
  const errorOf = (field: string) => errors[field];
  return { run, errors, errorOf, conflict, saving, setErrors };
}

/** The alerts above a form: a conflict (with a reload) and the errors that name no field. */
export function SaveProblems({ conflict, errors, fields, onReload }: { conflict: boolean; errors: Record<string, string>; fields: string[]; onReload: () => void }) {
  const unplaced = Object.entries(errors).filter(([field]) => !fields.includes(field));
  return (
    <>
      {conflict && (
        <Alert color="orange" mb="md" title="Changed by someone else" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Someone else saved this record after you opened it; nothing of yours was saved. Reload to see their changes, then make yours again.</Text>
            <Button size="xs" variant="light" color="orange" onClick={onReload}>
              Reload
            </Button>
          </Stack>
        </Alert>
      )}
      {unplaced.length > 0 && (
        <Alert color="red" mb="md" title="Not saved" role="alert">
          {unplaced.map(([field, message]) => (
            <Text size="sm" key={field}>
              {field ? `${field}: ` : ''}
              {message}
            </Text>
          ))}
        </Alert>
      )}
    </>
  );
}
