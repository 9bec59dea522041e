import { randomBytes } from 'node:crypto';
import { deterministicId, systemContext, type EntityRecord, type ExtensionHost } from '../../../platform/sdk/index.js';
import { DEMO_DATA_NAMESPACE } from '../identity.js';

export const DEMO_ROLE_ID = deterministicId(DEMO_DATA_NAMESPACE, 'acl_role:demo-viewer');
export const DEMO_USER_ID = deterministicId(DEMO_DATA_NAMESPACE, 'user:demo-viewer');
export const DEFAULT_DEMO_EMAIL = 'demo@example.com';
export const DEFAULT_DEMO_USERNAME = 'demo';
const ROLE_NAME = 'Demo (read only)';

export interface DemoUserRequest {
  email?: string | null;
  username?: string | null;
  /** A chosen password; otherwise one is generated when the user is created or rotated. */
  password?: string | null;
  rotatePassword?: boolean;
}

export type DemoUserResult =
  | { refused: false; created: boolean; email: string; username: string; privileges: number; password: string | null }
  | { refused: true; email: string; username: string };

export interface DemoUserInfo {
  exists: boolean;
  email: string | null;
  username: string | null;
  active: boolean;
  privileges: number;
}

/** Every entity's `:read` privilege and nothing else: the role can look at everything and change nothing. */
export function readOnlyPrivileges(host: ExtensionHost): string[] {
  return [...new Set(host.entities.names())].sort().map((name) => `${name}:read`);
}

/**
 * Creates (or completes) the read-only Administration user: a role holding every read privilege, and a
 * user with only that role (never admin). Refused when the e-mail or username belongs to another user.
 * The password is written only on create, when one is given, or on rotation; it is returned only then.
 */
export async function provisionDemoUser(host: ExtensionHost, request: DemoUserRequest): Promise<DemoUserResult> {
  const email = clean(request.email) ?? DEFAULT_DEMO_EMAIL;
  const username = clean(request.username) ?? DEFAULT_DEMO_USERNAME;
  const users = host.repository('user');
  const clash = (
    await users.search({ filter: [{ type: 'multi', operator: 'OR', queries: [{ type: 'equals', field: 'email', value: email }, { type: 'equals', field: 'username', value: username }] }] }, systemContext)
  ).entities.find((u) => u.id !== DEMO_USER_ID);
  if (clash) return { refused: true, email, username };

  const privileges = readOnlyPrivileges(host);
  const existing = await users.get(DEMO_USER_ID, systemContext);
  const chosen = clean(request.password);
  const password = !existing || chosen || request.rotatePassword ? (chosen ?? generatePassword()) : null;

  await host.transaction(async (uow) => {
    const roles = host.repository('acl_role');
    const role = await roles.get(DEMO_ROLE_ID, systemContext, uow);
    if (!role) {
      await roles.create({ id: DEMO_ROLE_ID, name: ROLE_NAME, description: 'Every read privilege, nothing that writes (demo data extension).', privileges }, systemContext, uow);
    } else if (!samePrivileges(role, privileges)) {
      // entities registered since (another extension) join the role; nothing else of it changes
      await roles.update({ id: DEMO_ROLE_ID, privileges }, systemContext, uow);
    }
    if (!existing) {
      await users.create(
        { id: DEMO_USER_ID, username, email, password, firstName: 'Demo', lastName: 'Viewer', admin: false, active: true, aclRoles: [{ id: DEMO_ROLE_ID }] },
        systemContext,
        uow,
      );
    } else if (password) {
      await users.update({ id: DEMO_USER_ID, password }, systemContext, uow);
    }
  });
  return {
    refused: false,
    created: !existing,
    email: (existing?.email as string | undefined) ?? email,
    username: (existing?.username as string | undefined) ?? username,
    privileges: privileges.length,
    password,
  };
}

export async function demoUserInfo(host: ExtensionHost): Promise<DemoUserInfo> {
  const user = await host.repository('user').get(DEMO_USER_ID, systemContext);
  const role = await host.repository('acl_role').get(DEMO_ROLE_ID, systemContext);
  return {
    exists: user !== undefined,
    email: (user?.email as string | undefined) ?? null,
    username: (user?.username as string | undefined) ?? null,
    active: (user?.active as boolean | undefined) ?? false,
    privileges: Array.isArray(role?.privileges) ? role.privileges.length : 0,
  };
}

/** 22 URL-safe characters (18 random bytes). */
function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

function clean(value: string | null | undefined): string | null {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed === '' ? null : trimmed;
}

function samePrivileges(role: EntityRecord, privileges: string[]): boolean {
  const current = Array.isArray(role.privileges) ? [...(role.privileges as string[])].sort() : [];
  return current.length === privileges.length && current.every((p, i) => p === privileges[i]);
}
