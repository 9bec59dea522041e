import { defineRoute, errorResponses, errors, type ExtensionHost, type RouteDeclaration } from '../../../platform/sdk/index.js';
import { runtimeOf } from '../export/runtime.js';
import { getCredential, listCredentials, saveCredential } from '../records/credential-store.js';
import { ACTION_PREFIX, described, privileged } from './route-options.js';
import { CredentialList, CredentialOne, CredentialParams, CredentialSaveBody, CredentialSaveResult } from './schemas.js';

export const CREDENTIAL_READ_PRIVILEGE = 'ext_order_export_credential:read';
export const CREDENTIAL_UPDATE_PRIVILEGE = 'ext_order_export_credential:update';

/** Credentials in their read shape (`secretSet`, never the secret) and their save route. */
export function credentialRoutes(host: ExtensionHost): RouteDeclaration[] {
  return [
    defineRoute({
      method: 'GET',
      url: `${ACTION_PREFIX}/credential`,
      ...privileged(CREDENTIAL_READ_PRIVILEGE),
      schema: { ...described('List credentials', CREDENTIAL_READ_PRIVILEGE), response: { 200: CredentialList, ...errorResponses({ 403: 'Missing privilege.' }) } },
      handler: async () => ({ data: await listCredentials(host) }),
    }),
    defineRoute({
      method: 'GET',
      url: `${ACTION_PREFIX}/credential/:id`,
      ...privileged(CREDENTIAL_READ_PRIVILEGE),
      schema: {
        ...described('One credential', CREDENTIAL_READ_PRIVILEGE),
        params: CredentialParams,
        response: { 200: CredentialOne, ...errorResponses({ 403: 'Missing privilege.', 404: 'Unknown credential.' }) },
      },
      handler: async (request) => {
        const credential = await getCredential(host, request.params.id);
        if (!credential) throw errors.notFound('ext_order_export_credential', request.params.id);
        return credential;
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${ACTION_PREFIX}/credential/save`,
      ...privileged(CREDENTIAL_UPDATE_PRIVILEGE),
      schema: {
        ...described(
          'Create or update a credential',
          CREDENTIAL_UPDATE_PRIVILEGE,
          'No id creates. publicMeta keys per authType: api_key headerName; basic username; oauth2 tokenUrl, clientId, scope.',
        ),
        body: CredentialSaveBody,
        response: {
          200: CredentialSaveResult,
          ...errorResponses({ 400: 'One error per problem (publicMeta keys the auth type does not use or lacks, a missing secret, ...).', 403: 'Missing privilege.', 404: 'Unknown id.' }),
        },
      },
      handler: async (request) => saveCredential(host, request.body, { allowPrivateTargets: await runtimeOf(host).allowPrivateTargets() }),
    }),
  ];
}
