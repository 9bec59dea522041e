import type { CoreServices } from '../../core-services.js';
import { newId } from '../../ids.js';
import { hashPassword } from '../../security/password.js';

/**
 * First start: an administrator `admin` with the password from ADMIN_PASSWORD (default `shopware`,
 * for a local shop only; the README says to change it). Never touches an existing user.
 */
export async function ensureAdministrator(platform: Pick<CoreServices, 'db' | 'env' | 'logger'>): Promise<void> {
  const existing = await platform.db.selectFrom('user').select('id').where('username', '=', 'admin').executeTakeFirst();
  if (existing) return;
  const inserted = await platform.db
    .insertInto('user')
    .values({
      id: newId(),
      username: 'admin',
      password: await hashPassword(platform.env.adminPassword),
      first_name: 'Admin',
      last_name: 'Administrator',
      email: 'admin@example.com',
      admin: true,
      active: true,
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) platform.logger.info('created administrator "admin"');
}
