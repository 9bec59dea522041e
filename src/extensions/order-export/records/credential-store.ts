import { AppError, errors, isId, systemContext, throwProblems, type ExtensionHost } from '../../../platform/sdk/index.js';
import { validateCredentialInput } from '../delivery/auth/credential-validation.js';
import { tablesOf } from './db.js';
import type { CredentialRow } from './tables.js';

/** A credential as the API reads it: no secret, only whether one is stored. */
export interface CredentialView {
  id: string;
  name: string;
  authType: string;
  publicMeta: Record<string, unknown>;
  rotatedAt: string | null;
  secretSet: boolean;
}

const VIEW_COLUMNS = ['id', 'name', 'auth_type', 'public_meta', 'rotated_at', 'secret'] as const;

function toView(row: Pick<CredentialRow, (typeof VIEW_COLUMNS)[number]>): CredentialView {
  return {
    id: row.id,
    name: row.name,
    authType: row.auth_type,
    publicMeta: row.public_meta ?? {},
    rotatedAt: row.rotated_at ? new Date(row.rotated_at).toISOString() : null,
    secretSet: row.secret !== null,
  };
}

/** Every credential, by name. */
export async function listCredentials(host: ExtensionHost): Promise<CredentialView[]> {
  const rows = await tablesOf(host.db).selectFrom('ext_order_export_credential').select(VIEW_COLUMNS).orderBy('name').orderBy('id').execute();
  return rows.map(toView);
}

/** One credential; undefined for an unknown or malformed id. */
export async function getCredential(host: ExtensionHost, id: string): Promise<CredentialView | undefined> {
  if (!isId(id)) return undefined;
  const row = await tablesOf(host.db).selectFrom('ext_order_export_credential').select(VIEW_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toView(row);
}

export interface CredentialSaveInput {
  id?: string;
  name: string;
  authType: string;
  publicMeta?: Record<string, unknown>;
  secret?: string | null;
}

/**
 * Creates (no id) or updates (404 for an unknown id) a credential. The publicMeta keys must be the ones
 * its auth type uses; a secret is needed unless one is stored already (an absent or null secret keeps
 * it). Switching to `none` drops the stored secret. Problems are a 400 in the Admin API error shape, one
 * entry each.
 */
export async function saveCredential(host: ExtensionHost, input: CredentialSaveInput, options: { allowPrivateTargets: boolean }): Promise<{ id: string; secretSet: boolean }> {
  const existing = input.id === undefined ? undefined : await getCredential(host, input.id);
  if (input.id !== undefined && !existing) throw errors.notFound('ext_order_export_credential', input.id);
  const checked = validateCredentialInput(input, { secretSet: existing?.secretSet ?? false, allowPrivateTargets: options.allowPrivateTargets });
  throwProblems(checked.problems.map((problem) => new AppError(400, 'EXT_ORDER_EXPORT__INVALID_CREDENTIAL', problem, { meta: { parameters: {} } })));

  const secret = input.authType === 'none' ? null : (input.secret ?? undefined);
  const id = await host.transaction(async (uow) => {
    const [written] = await host.repository('ext_order_export_credential').upsert(
      {
        ...(input.id !== undefined ? { id: input.id } : {}),
        name: input.name,
        authType: input.authType,
        publicMeta: input.publicMeta ?? {},
        ...(secret !== undefined ? { secret } : {}),
      },
      systemContext,
      uow,
    );
    return written!;
  });
  return { id, secretSet: secret === undefined ? (existing?.secretSet ?? false) : secret !== null };
}
