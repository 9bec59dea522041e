import type { PlatformCommand } from '../platform-command.js';
import { createIntegration } from '../../admin-api/auth/integrations.js';
import { EXIT } from '../exit-codes.js';
import { UsageError } from '../usage-error.js';
import { flag, listOption, requiredArg } from './option-values.js';

// privileges are `<entity or area>:<action>`-style words: no spaces, no quotes
const PRIVILEGE_PATTERN = /^[A-Za-z0-9_.:-]+$/;

/**
 * `integration:create`: Admin API credentials for a machine client (client_credentials grant). The
 * secret is shown once, here; only its hash is stored.
 */
export const integrationCreateCommand: PlatformCommand<'db'> = {
  name: 'integration:create',
  description: 'Create an integration (Admin API access key and secret); the secret is printed once',
  arguments: [{ name: 'label', description: 'Name shown in the administration', required: true }],
  options: {
    admin: { type: 'boolean', description: 'Grant every privilege' },
    privileges: {
      type: 'string',
      valueName: '<a,b,c>',
      description: 'Comma-separated privileges, e.g. product:read,order:read; stored in a new ACL role of the integration',
    },
  },
  async run(input, io, platform) {
    const label = requiredArg(input, 'label').trim();
    if (!label) throw new UsageError('The label must not be empty.');
    const privileges = listOption(input, 'privileges');
    const invalid = (privileges ?? []).filter((p) => !PRIVILEGE_PATTERN.test(p));
    if (invalid.length > 0) throw new UsageError(`Invalid privilege${invalid.length > 1 ? 's' : ''}: ${invalid.join(', ')}.`);
    if (input.options.privileges !== undefined && privileges?.length === 0) throw new UsageError('--privileges needs at least one privilege.');

    const admin = flag(input, 'admin');
    const { id, accessKey, secret } = await createIntegration(platform.db, { label, admin, privileges });

    io.out(`Integration "${label}" created (id ${id}).`);
    io.out(`Privileges: ${admin ? 'all (administrator)' : privileges?.join(', ') || 'none'}`);
    io.out(`Access key ID:     ${accessKey}`);
    io.out(`Secret access key: ${secret}`);
    io.out('The secret access key cannot be shown again: store it now.');
    return EXIT.ok;
  },
};
