import type { FastifyInstance } from 'fastify';
import { errors, type ExtensionHost } from '../../../platform/sdk/index.js';
import { runtimeOf } from '../export/runtime.js';
import { getCredential, listCredentials, saveCredential } from '../records/credential-store.js';
import { ACTION_PREFIX, described, privileged } from './route-options.js';
import { CredentialListSchema, CredentialParams, CredentialSaveBody, CredentialSaveResultSchema, CredentialSchema } from './schemas.js';

export const CREDENTIAL_READ_PRIVILEGE = 'ext_order_export_credential:read';
export const CREDENTIAL_UPDATE_PRIVILEGE = 'ext_order_export_credential:update';

/** Credentials in the spec's read shape (`secretSet`, never the secret) and their save route. */
export function registerCredentialRoutes(app: FastifyInstance, host: ExtensionHost): void {
  app.get(
    `${ACTION_PREFIX}/credential`,
    { ...privileged(CREDENTIAL_READ_PRIVILEGE), schema: { ...described('List credentials', CREDENTIAL_READ_PRIVILEGE), response: { 200: CredentialListSchema } } },
    async () => ({ data: await listCredentials(host) }),
  );

  app.get<{ Params: CredentialParams }>(
    `${ACTION_PREFIX}/credential/:id`,
    {
      ...privileged(CREDENTIAL_READ_PRIVILEGE),
      schema: { ...described('One credential', CREDENTIAL_READ_PRIVILEGE, '404 if unknown.'), params: CredentialParams, response: { 200: CredentialSchema } },
    },
    async (request) => {
      const credential = await getCredential(host, request.params.id);
      if (!credential) throw errors.notFound('ext_order_export_credential', request.params.id);
      return credential;
    },
  );

  app.post<{ Body: CredentialSaveBody }>(
    `${ACTION_PREFIX}/credential/save`,
    {
      ...privileged(CREDENTIAL_UPDATE_PRIVILEGE),
      schema: {
        ...described(
          'Create or update a credential',
          CREDENTIAL_UPDATE_PRIVILEGE,
          'No id creates; an unknown id is 404. publicMeta keys per authType: api_key headerName; basic username; oauth2 tokenUrl, clientId, scope. Problems answer 400, one error each.',
        ),
        body: CredentialSaveBody,
        response: { 200: CredentialSaveResultSchema },
      },
    },
    async (request) => saveCredential(host, request.body, { allowPrivateTargets: await runtimeOf(host).allowPrivateTargets() }),
  );
}
