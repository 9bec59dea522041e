import { sql } from 'kysely';
import type { Migration } from '../database/migrations.js';
import type { Executor } from '../database/transaction.js';
import { stateMachineId, stateMachineStateId, stateMachineTransitionId } from './machine-ids.js';
import { seedMachines, type SeedMachine } from './seed-machines.js';

/** State machines, their states, transitions and the transition history; seeds the five commerce machines. */
export const stateMachineMigration: Migration = {
  name: '0005_state_machine',
  async up(db) {
    await sql`CREATE TABLE state_machine (
      id uuid PRIMARY KEY,
      technical_name varchar(255) NOT NULL UNIQUE,
      name varchar(255) NOT NULL,
      initial_state_id uuid NULL,
      custom_fields jsonb NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NULL
    )`.execute(db);

    await sql`CREATE TABLE state_machine_state (
      id uuid PRIMARY KEY,
      state_machine_id uuid NOT NULL REFERENCES state_machine(id) ON DELETE CASCADE,
      technical_name varchar(255) NOT NULL,
      name varchar(255) NOT NULL,
      custom_fields jsonb NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NULL,
      UNIQUE (state_machine_id, technical_name)
    )`.execute(db);

    // added afterwards: the two tables reference each other
    await sql`ALTER TABLE state_machine ADD CONSTRAINT state_machine_initial_state_fk
      FOREIGN KEY (initial_state_id) REFERENCES state_machine_state(id) ON DELETE SET NULL`.execute(db);

    await sql`CREATE TABLE state_machine_transition (
      id uuid PRIMARY KEY,
      state_machine_id uuid NOT NULL REFERENCES state_machine(id) ON DELETE CASCADE,
      action_name varchar(255) NOT NULL,
      from_state_id uuid NOT NULL REFERENCES state_machine_state(id) ON DELETE CASCADE,
      to_state_id uuid NOT NULL REFERENCES state_machine_state(id) ON DELETE CASCADE,
      custom_fields jsonb NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NULL,
      UNIQUE (state_machine_id, action_name, from_state_id, to_state_id)
    )`.execute(db);

    await sql`CREATE TABLE state_machine_history (
      id uuid PRIMARY KEY,
      state_machine_id uuid NOT NULL REFERENCES state_machine(id) ON DELETE CASCADE,
      entity_name varchar(255) NOT NULL,
      referenced_id uuid NOT NULL,
      from_state_id uuid NOT NULL REFERENCES state_machine_state(id) ON DELETE CASCADE,
      to_state_id uuid NOT NULL REFERENCES state_machine_state(id) ON DELETE CASCADE,
      transition_action_name varchar(255) NOT NULL,
      user_id uuid NULL REFERENCES "user"(id) ON DELETE SET NULL,
      integration_id uuid NULL REFERENCES integration(id) ON DELETE SET NULL,
      custom_fields jsonb NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NULL
    )`.execute(db);
    await sql`CREATE INDEX state_machine_history_entity_idx ON state_machine_history (entity_name, referenced_id)`.execute(db);

    for (const machine of seedMachines) await seedMachine(db, machine);
  },
};

async function seedMachine(db: Executor, machine: SeedMachine): Promise<void> {
  const machineId = stateMachineId(machine.technicalName);
  const stateId = (technicalName: string) => {
    if (!machine.states.some((s) => s.technicalName === technicalName)) {
      throw new Error(`State machine ${machine.technicalName} has no state "${technicalName}"`);
    }
    return stateMachineStateId(machine.technicalName, technicalName);
  };
  await db.insertInto('state_machine').values({ id: machineId, technical_name: machine.technicalName, name: machine.name }).execute();
  await db
    .insertInto('state_machine_state')
    .values(machine.states.map((s) => ({ id: stateId(s.technicalName), state_machine_id: machineId, technical_name: s.technicalName, name: s.name })))
    .execute();
  await db
    .insertInto('state_machine_transition')
    .values(
      machine.transitions.map(([action, from, to]) => ({
        id: stateMachineTransitionId(machine.technicalName, action, from, to),
        state_machine_id: machineId,
        action_name: action,
        from_state_id: stateId(from),
        to_state_id: stateId(to),
      })),
    )
    .execute();
  await db.updateTable('state_machine').set({ initial_state_id: stateId(machine.initialState) }).where('id', '=', machineId).execute();
}
