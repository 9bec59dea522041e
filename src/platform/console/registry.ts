import type { ConsoleCommand } from './command.js';

/** Every `bin/console` command of the platform and its extensions, by name. */
export class CommandRegistry {
  readonly #commands = new Map<string, { command: ConsoleCommand; owner?: string }>();

  register(command: ConsoleCommand, owner?: string): void {
    if (this.#commands.has(command.name)) throw new Error(`Console command ${command.name} is registered twice`);
    this.#commands.set(command.name, { command, owner });
  }

  get(name: string): ConsoleCommand | undefined {
    return this.#commands.get(name)?.command;
  }

  ownerOf(name: string): string | undefined {
    return this.#commands.get(name)?.owner;
  }

  all(): ConsoleCommand[] {
    return [...this.#commands.values()].map((c) => c.command).sort((a, b) => a.name.localeCompare(b.name));
  }
}
