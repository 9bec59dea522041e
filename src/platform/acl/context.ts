import { errors } from '../errors/app-error.js';

/** Who is acting: the system itself (internal work, CLI) or an authenticated Admin API caller. */
export type ContextSource =
  | { type: 'system' }
  | {
      type: 'admin-api';
      /** Set for users (password and refresh grants). */
      userId?: string;
      /** Set for integrations (client_credentials grant). */
      integrationId?: string;
      /** Admins pass every privilege check. */
      isAdmin: boolean;
      /** Union of the privileges of all the caller's roles; matched exactly, no wildcards. */
      privileges: ReadonlySet<string>;
    };

export interface ApiContext {
  source: ContextSource;
}

export const systemContext: ApiContext = Object.freeze({ source: Object.freeze({ type: 'system' as const }) });

export function can(context: ApiContext, privilege: string): boolean {
  const { source } = context;
  return source.type === 'system' || source.isAdmin || source.privileges.has(privilege);
}

export function missingPrivileges(context: ApiContext, privileges: Iterable<string>): string[] {
  return [...new Set(privileges)].filter((p) => !can(context, p));
}

/** Throws the 403 `FRAMEWORK__MISSING_PRIVILEGE_ERROR` listing every privilege the caller lacks. */
export function requirePrivileges(context: ApiContext, privileges: Iterable<string>): void {
  const missing = missingPrivileges(context, privileges);
  if (missing.length > 0) throw errors.missingPrivileges(missing);
}
