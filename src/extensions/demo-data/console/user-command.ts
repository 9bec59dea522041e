import { EXIT, type ConsoleCommand, type ExtensionHost } from '../../../platform/sdk/index.js';
import { demoUserInfo, provisionDemoUser } from '../demo-user/demo-user.js';

/**
 * `bin/console ext:demo-data:user`: creates the read-only Administration user (or reports it with
 * `--show`). Exit 1 when the e-mail or username belongs to someone else.
 */
export const userCommand: ConsoleCommand<ExtensionHost> = {
  name: 'ext:demo-data:user',
  description: 'Creates or reports the read-only Administration user of the demo',
  options: {
    email: { type: 'string', valueName: '<email>', description: 'E-mail address (default demo@example.com)' },
    username: { type: 'string', valueName: '<name>', description: 'Login name (default demo)' },
    password: { type: 'string', valueName: '<password>', description: 'Set this password (default: a generated one on create)' },
    'rotate-password': { type: 'boolean', description: 'Give the existing user a new generated password' },
    show: { type: 'boolean', description: 'Only report the user; change nothing' },
  },
  async run(input, io, host) {
    const text = (name: string) => (typeof input.options[name] === 'string' ? (input.options[name] as string) : undefined);
    if (input.options.show === true) {
      const info = await demoUserInfo(host);
      if (!info.exists) {
        io.out('No demo user yet. Run ext:demo-data:user to create it.');
        return EXIT.ok;
      }
      io.out(`Account:    ${info.active ? 'active' : 'inactive'}, read only`);
      io.out(`Email:      ${info.email}`);
      io.out(`Username:   ${info.username}`);
      io.out(`Privileges: ${info.privileges}, all of them read-only`);
      return EXIT.ok;
    }
    const result = await provisionDemoUser(host, { email: text('email'), username: text('username'), password: text('password'), rotatePassword: input.options['rotate-password'] === true });
    if (result.refused) {
      io.err(`Refused: the e-mail ${result.email} or username ${result.username} belongs to another Administration user.`);
      return EXIT.failure;
    }
    io.out(`Account:    ${result.created ? 'created' : 'exists'}, read only`);
    io.out(`Email:      ${result.email}`);
    io.out(`Username:   ${result.username}`);
    io.out(`Privileges: ${result.privileges}, all of them read-only`);
    io.out(result.password ? `Password:   ${result.password}` : 'Password unchanged (use --rotate-password or --password to set a new one).');
    return EXIT.ok;
  },
};
