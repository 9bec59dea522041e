import type { PlatformCommand } from '../platform-command.js';
import { AppError } from '../../errors/app-error.js';
import { systemContext } from '../../acl/context.js';
import { transaction } from '../../database/transaction.js';
import { EXIT } from '../exit-codes.js';
import { UsageError } from '../usage-error.js';
import { flag, requiredArg, stringOption } from './option-values.js';

// Shopware's minimum length for administration passwords
const MIN_PASSWORD_LENGTH = 8;

/** `user:create`: an administration user who can log in with the password grant. */
export const userCreateCommand: PlatformCommand<'db' | 'repositories'> = {
  name: 'user:create',
  description: 'Create an administration user (without --admin it has no privileges until a role is assigned)',
  arguments: [{ name: 'username', description: 'Login name (unique)', required: true }],
  options: {
    password: { type: 'string', short: 'p', valueName: '<password>', description: `Password, at least ${MIN_PASSWORD_LENGTH} characters (required)` },
    email: { type: 'string', valueName: '<email>', description: 'E-mail address (unique)' },
    'first-name': { type: 'string', valueName: '<name>', description: 'First name' },
    'last-name': { type: 'string', valueName: '<name>', description: 'Last name' },
    admin: { type: 'boolean', description: 'Make the user an administrator (every privilege)' },
  },
  async run(input, io, platform) {
    const username = requiredArg(input, 'username').trim();
    const password = stringOption(input, 'password');
    if (!username) throw new UsageError('The username must not be empty.');
    if (password === undefined) throw new UsageError('--password is required.');
    if (password.length < MIN_PASSWORD_LENGTH) throw new UsageError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
    const email = stringOption(input, 'email') || null;

    const taken = await platform.db
      .selectFrom('user')
      .select(['username', 'email'])
      .where((eb) => (email ? eb.or([eb('username', '=', username), eb('email', '=', email)]) : eb('username', '=', username)))
      .execute();
    if (taken.some((u) => u.username === username)) throw duplicate('username', username);
    if (email && taken.some((u) => u.email === email)) throw duplicate('email', email);

    // the entity layer validates, hashes the password and maps a lost race on the unique keys to a 400
    const [id] = await transaction(platform.db, (uow) =>
      platform.repositories.get('user').create(
        {
          username,
          password,
          email,
          firstName: stringOption(input, 'first-name') ?? null,
          lastName: stringOption(input, 'last-name') ?? null,
          admin: flag(input, 'admin'),
        },
        systemContext,
        uow,
      ),
    );
    io.out(`User "${username}" created${flag(input, 'admin') ? ' as administrator' : ''} (id ${id}).`);
    return EXIT.ok;
  },
};

function duplicate(field: string, value: string): AppError {
  return new AppError(400, 'USER__DUPLICATE', `A user with the ${field} "${value}" already exists.`, { meta: { parameters: { field } } });
}
