import { isObjectLiteral } from '../../../../platform/sdk/index.js';
import { isHeaderName, isSafeHeaderValue, RESERVED_HEADERS } from '../header-rules.js';
import { checkOutboundUrl } from '../outbound-guard.js';
import { AUTH_TYPES, type AuthType } from './credential-types.js';

export interface CredentialValidationResult {
  valid: boolean;
  /** "publicMeta.username is required for authType basic"; never contains the secret */
  problems: string[];
}

export interface CredentialValidationOptions {
  /** whether the saved credential already has a secret (an update may then omit it) */
  secretSet?: boolean;
  /** as the outbound agent: refuse literal private token URLs unless on */
  allowPrivateTargets?: boolean;
}

const ID = /^[0-9a-f]{32}$/;
const INPUT_KEYS = new Set(['id', 'name', 'authType', 'publicMeta', 'secret']);
const META_KEYS: Record<AuthType, readonly string[]> = {
  none: [],
  api_key: ['headerName'],
  basic: ['username'],
  bearer: [],
  oauth2: ['tokenUrl', 'clientId', 'scope'],
};

/**
 * Checks a credential save input `{id?, name, authType, publicMeta, secret?}`. A secret is needed for
 * every type but none, unless one is stored already (`secretSet`); null or an absent secret keeps it.
 */
export function validateCredentialInput(input: unknown, options: CredentialValidationOptions = {}): CredentialValidationResult {
  if (!isObjectLiteral(input)) return { valid: false, problems: ['credential must be an object'] };
  const problems: string[] = [];
  for (const key of Object.keys(input)) if (!INPUT_KEYS.has(key)) problems.push(`${key}: unknown key`);
  if (input.id !== undefined && (typeof input.id !== 'string' || !ID.test(input.id))) problems.push('id must be 32 lowercase hexadecimal characters');
  if (typeof input.name !== 'string' || input.name.trim() === '') problems.push('name must be a non-empty string');
  else if (input.name.length > 255) problems.push('name is longer than 255 characters');

  if (typeof input.authType !== 'string' || !(AUTH_TYPES as readonly string[]).includes(input.authType)) {
    problems.push(`authType must be one of ${AUTH_TYPES.join(', ')}`);
    return { valid: false, problems };
  }
  const authType = input.authType as AuthType;
  const meta = input.publicMeta === undefined ? {} : input.publicMeta;
  if (!isObjectLiteral(meta)) problems.push('publicMeta must be an object');
  else problems.push(...publicMetaProblems(authType, meta, options));

  const secret = input.secret ?? undefined;
  if (secret !== undefined) {
    if (authType === 'none') problems.push('secret: not used with authType none');
    else if (typeof secret !== 'string' || secret === '') problems.push('secret must be a non-empty string');
    else if (secret.length > 4096) problems.push('secret is longer than 4096 characters');
    else if (!isSafeHeaderValue(secret)) problems.push('secret must not contain line breaks or control characters');
  } else if (authType !== 'none' && !options.secretSet) {
    problems.push(`secret is required for authType ${authType}`);
  }
  return { valid: problems.length === 0, problems };
}

function publicMetaProblems(authType: AuthType, meta: Record<string, unknown>, options: CredentialValidationOptions): string[] {
  const problems: string[] = [];
  const allowed = META_KEYS[authType];
  for (const key of Object.keys(meta)) {
    if (!allowed.includes(key)) {
      problems.push(`publicMeta.${key}: not used with authType ${authType}${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}`);
    }
  }
  const text = (key: string, required: boolean) => {
    const value = meta[key];
    if (value === undefined) {
      if (required) problems.push(`publicMeta.${key} is required for authType ${authType}`);
      return undefined;
    }
    if (typeof value !== 'string' || value.trim() === '') {
      problems.push(`publicMeta.${key} must be a non-empty string`);
      return undefined;
    }
    return value;
  };

  if (authType === 'api_key') {
    const headerName = text('headerName', false);
    if (headerName !== undefined && !isHeaderName(headerName)) problems.push('publicMeta.headerName must be a valid HTTP header name');
    else if (headerName !== undefined && RESERVED_HEADERS.has(headerName.toLowerCase())) {
      problems.push(`publicMeta.headerName: ${headerName} is set by the export itself`);
    }
  }
  if (authType === 'basic') {
    const username = text('username', true);
    // RFC 7617: the user-id ends at the first colon
    if (username !== undefined && (username.includes(':') || !isSafeHeaderValue(username))) {
      problems.push('publicMeta.username must not contain ":" or control characters');
    }
  }
  if (authType === 'oauth2') {
    const tokenUrl = text('tokenUrl', true);
    if (tokenUrl !== undefined) {
      const checked = checkOutboundUrl(tokenUrl, { allowPrivateTargets: options.allowPrivateTargets });
      if (!checked.ok) problems.push(`publicMeta.tokenUrl ${checked.problem}`);
    }
    text('clientId', true);
    text('scope', false);
  }
  return problems;
}
