import type { Db } from '../../database/connection.js';
import { transaction, type UnitOfWork } from '../../database/transaction.js';
import { newId } from '../../ids.js';
import { hashPassword } from '../../security/password.js';
import { generateAccessKey, generateSecretAccessKey } from './access-keys.js';

export interface NewIntegration {
  id: string;
  accessKey: string;
  /** Shown to the caller once; only its hash is stored. */
  secret: string;
}

export interface IntegrationOptions {
  label: string;
  admin?: boolean;
  /** Given and not empty: an ACL role holding exactly these privileges is created and linked. */
  privileges?: string[];
}

/** Creates an integration (client_credentials credentials) and, with privileges, its own role. */
export async function createIntegration(within: Db | UnitOfWork, options: IntegrationOptions): Promise<NewIntegration> {
  const id = newId();
  const accessKey = generateAccessKey('SWIA');
  const secret = generateSecretAccessKey();
  const secretHash = await hashPassword(secret);
  const { label, admin = false, privileges = [] } = options;
  await transaction(within, async ({ db }) => {
    await db.insertInto('integration').values({ id, label, access_key: accessKey, secret_access_key: secretHash, admin }).execute();
    if (privileges.length === 0) return;
    const roleId = newId();
    await db
      .insertInto('acl_role')
      .values({ id: roleId, name: `Integration ${label}`, description: `Privileges of the integration "${label}"`, privileges: JSON.stringify(privileges) })
      .execute();
    await db.insertInto('integration_role').values({ integration_id: id, acl_role_id: roleId }).execute();
  });
  return { id, accessKey, secret };
}
