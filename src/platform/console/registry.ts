import type { AnyConsoleCommand as AnyCommand } from './command.js';

// the registry stores commands whatever host they run with; the runner hands each its owner's host
/** Every `bin/console` command of the platform and its extensions, by name. */
export class CommandRegistry {
  readonly #commands = new Map<string, { command: AnyCommand; owner?: string }>();

  register(command: AnyCommand, owner?: string): void {
    if (this.#commands.has(command.name)) throw new Error(`Console command ${command.name} is registered twice`);
    this.#commands.set(command.name, { command, owner });
  }

  get(name: string): AnyCommand | undefined {
    return this.#commands.get(name)?.command;
  }

  ownerOf(name: string): string | undefined {
    return this.#commands.get(name)?.owner;
  }

  all(): AnyCommand[] {
    return [...this.#commands.values()].map((c) => c.command).sort((a, b) => a.name.localeCompare(b.name));
  }
}
