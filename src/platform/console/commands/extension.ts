import type { PlatformCommand } from '../platform-command.js';
import type { PlatformServices } from '../../platform-services.js';
import { EXIT } from '../exit-codes.js';
import { formatTable } from '../table.js';
import { flag, requiredArg } from './option-values.js';

/** What the extension commands use. */
type ExtensionCommandDeps = Pick<PlatformServices, 'extensions'>;

const nameArgument = [{ name: 'name', description: 'Technical name of the extension, e.g. ExtPayB', required: true }];

async function stateOf(platform: ExtensionCommandDeps, name: string) {
  platform.extensions.get(name); // unknown name: the manager's 404 error, reported as exit 1
  return (await platform.extensions.list()).find((e) => e.name === name)!;
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

const extensionListCommand: PlatformCommand<'extensions'> = {
  name: 'extension:list',
  description: 'List the extensions this installation knows, with their state',
  async run(_input, io, platform) {
    const states = await platform.extensions.list();
    if (states.length === 0) {
      io.out('No extensions are listed in src/main.ts.');
      return EXIT.ok;
    }
    const rows = states.map((s) => [s.name, s.version, s.installedVersion ?? '-', yesNo(s.installed), yesNo(s.active), yesNo(s.updateAvailable)]);
    for (const line of formatTable(['Name', 'Version', 'Installed version', 'Installed', 'Active', 'Update available'], rows)) io.out(line);
    return EXIT.ok;
  },
};

const extensionInstallCommand: PlatformCommand<'extensions'> = {
  name: 'extension:install',
  description: 'Install an extension (runs its migrations and install hook)',
  arguments: nameArgument,
  options: { activate: { type: 'boolean', short: 'a', description: 'Activate it after installing' } },
  async run(input, io, platform) {
    const name = requiredArg(input, 'name');
    const before = await stateOf(platform, name);
    if (before.installed) io.out(`Extension ${name} is already installed (version ${before.installedVersion}).`);
    else {
      await platform.extensions.install(name);
      io.out(`Extension ${name} installed (version ${before.version}).`);
    }
    if (flag(input, 'activate')) return activate(platform, name, io.out);
    return EXIT.ok;
  },
};

const extensionUpdateCommand: PlatformCommand<'extensions'> = {
  name: 'extension:update',
  description: 'Update an installed extension to the version of its code (runs new migrations and its update hook)',
  arguments: nameArgument,
  async run(input, io, platform) {
    const name = requiredArg(input, 'name');
    const before = await stateOf(platform, name);
    await platform.extensions.update(name);
    io.out(
      before.updateAvailable
        ? `Extension ${name} updated from version ${before.installedVersion} to ${before.version}.`
        : `Extension ${name} is at version ${before.version}; migrations and configuration are up to date.`,
    );
    return EXIT.ok;
  },
};

const extensionUninstallCommand: PlatformCommand<'extensions'> = {
  name: 'extension:uninstall',
  description: 'Uninstall an extension; without --keep-user-data its tables, configuration and custom fields are removed',
  arguments: nameArgument,
  options: { 'keep-user-data': { type: 'boolean', description: 'Keep the extension\'s tables, configuration and custom fields' } },
  async run(input, io, platform) {
    const name = requiredArg(input, 'name');
    const keep = flag(input, 'keep-user-data');
    await platform.extensions.uninstall(name, keep);
    io.out(`Extension ${name} uninstalled${keep ? ' (user data kept)' : ' and its data removed'}.`);
    return EXIT.ok;
  },
};

const extensionActivateCommand: PlatformCommand<'extensions'> = {
  name: 'extension:activate',
  description: 'Activate an installed extension',
  arguments: nameArgument,
  async run(input, io, platform) {
    const name = requiredArg(input, 'name');
    await stateOf(platform, name);
    return activate(platform, name, io.out);
  },
};

const extensionDeactivateCommand: PlatformCommand<'extensions'> = {
  name: 'extension:deactivate',
  description: 'Deactivate an active extension (its routes, handlers and commands stop working)',
  arguments: nameArgument,
  async run(input, io, platform) {
    const name = requiredArg(input, 'name');
    await platform.extensions.deactivate(name);
    io.out(`Extension ${name} deactivated.`);
    return EXIT.ok;
  },
};

async function activate(platform: ExtensionCommandDeps, name: string, out: (line: string) => void): Promise<number> {
  if (platform.extensions.isActive(name)) {
    out(`Extension ${name} is already active.`);
    return EXIT.ok;
  }
  await platform.extensions.activate(name);
  out(`Extension ${name} activated.`);
  return EXIT.ok;
}

export const extensionCommands: PlatformCommand<'extensions'>[] = [
  extensionListCommand,
  extensionInstallCommand,
  extensionUpdateCommand,
  extensionUninstallCommand,
  extensionActivateCommand,
  extensionDeactivateCommand,
];
