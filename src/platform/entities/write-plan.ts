import type { AppError } from '../errors/app-error.js';
import type { EntityDefinition } from './definition.js';

/** An INSERT or UPDATE of one record, with values keyed by column and ready for the driver. */
export interface RowCommand {
  kind: 'row';
  def: EntityDefinition;
  op: 'insert' | 'update';
  id: string;
  values: Record<string, unknown>;
  /** Plain-text passwords by column, hashed just before execution. */
  passwords: Record<string, string>;
  /** Plain-text secrets by column, encrypted just before execution. */
  secrets: Record<string, string>;
  /** customFields on update merge into the stored object unless they replace it (`{}` or null). */
  customFields?: { column: string; mode: 'merge' | 'replace'; json: string | null };
  /** Pointer of the record in the request, for constraint errors. */
  pointer: string;
}

/** A many-to-many link row (added if missing; existing links stay). */
export interface LinkCommand {
  kind: 'link';
  def: EntityDefinition;
  mappingTable: string;
  localColumn: string;
  referenceColumn: string;
  localId: string;
  referenceId: string;
  pointer: string;
}

export type WriteCommand = RowCommand | LinkCommand;

/** What a write will do, collected (with every problem and privilege) before anything is written. */
export class WritePlan {
  readonly commands: WriteCommand[] = [];
  readonly problems: AppError[] = [];
  readonly privileges = new Set<string>();
  /** Records this write inserts, by entity: references to them are valid before they exist. */
  readonly inserted = new Map<string, Set<string>>();
  /** Records written, by entity, for the `<entity>.written` events. */
  readonly written = new Map<string, Set<string>>();

  add(command: WriteCommand): void {
    this.commands.push(command);
    if (command.kind === 'row') {
      const set = this.written.get(command.def.name) ?? new Set();
      set.add(command.id);
      this.written.set(command.def.name, set);
      if (command.op === 'insert') {
        const inserted = this.inserted.get(command.def.name) ?? new Set();
        inserted.add(command.id);
        this.inserted.set(command.def.name, inserted);
      }
    }
  }

  isInserted(entity: string, id: string): boolean {
    return this.inserted.get(entity)?.has(id) ?? false;
  }
}
