import type { PlatformCommand } from '../platform-command.js';
import { EXIT } from '../exit-codes.js';
import { UsageError } from '../usage-error.js';
import { flag, requiredArg, salesChannelOption } from './option-values.js';

const keyArgument = { name: 'key', description: 'Full key, e.g. ExtPayB.config.apiBaseUrl', required: true };
const salesChannelOptionDeclaration = {
  type: 'string',
  valueName: '<id>',
  description: 'Sales channel scope (default: global)',
} as const;

/** `system-config:get`: the effective value; secrets only say whether they are set. */
export const systemConfigGetCommand: PlatformCommand<'db' | 'systemConfig'> = {
  name: 'system-config:get',
  description: 'Print a configuration value (secrets print "(secret set)" or "(not set)", never the value)',
  arguments: [keyArgument],
  options: {
    'sales-channel-id': salesChannelOptionDeclaration,
    json: { type: 'boolean', description: 'Print the value as JSON (strings quoted, unset as null)' },
  },
  async run(input, io, platform) {
    const key = requiredArg(input, 'key');
    const salesChannelId = await salesChannelOption(input, platform);
    const value = await platform.systemConfig.get(key, salesChannelId);
    const unset = value === null || value === undefined;
    if (platform.systemConfig.isSecret(key)) io.out(unset ? '(not set)' : '(secret set)');
    else if (flag(input, 'json')) io.out(JSON.stringify(unset ? null : value));
    else io.out(unset ? '(not set)' : typeof value === 'string' ? value : JSON.stringify(value));
    return EXIT.ok;
  },
};

/** `system-config:set`: one value in one scope. */
export const systemConfigSetCommand: PlatformCommand<'db' | 'systemConfig'> = {
  name: 'system-config:set',
  description: 'Set a configuration value (stored as a string unless --json is given)',
  arguments: [keyArgument, { name: 'value', description: 'The value (a string, or JSON with --json)', required: true }],
  options: {
    'sales-channel-id': salesChannelOptionDeclaration,
    json: { type: 'boolean', description: 'Parse the value as JSON: use it for true/false, numbers, arrays and objects; null removes the key' },
  },
  async run(input, io, platform) {
    const key = requiredArg(input, 'key');
    const raw = requiredArg(input, 'value');
    const salesChannelId = await salesChannelOption(input, platform);
    let value: unknown = raw;
    if (flag(input, 'json')) {
      try {
        value = JSON.parse(raw);
      } catch {
        // the raw value may be a secret: never repeat it
        throw new UsageError('The value is not valid JSON.');
      }
    }
    await platform.systemConfig.set(platform.db, key, value, salesChannelId);
    const scope = salesChannelId ? `sales channel ${salesChannelId}` : 'global';
    const removed = value === null || (platform.systemConfig.isSecret(key) && value === '');
    io.out(`${removed ? 'Removed' : 'Saved'} ${key} (${scope}).`);
    return EXIT.ok;
  },
};
