import { Type } from '@sinclair/typebox';
import { component, documentedOnly, StringEnum } from '../../../platform/sdk/index.js';

/** Request schemas (validated) and answer schemas (documentation only) of the demo data routes. */

export const GenerateBody = Type.Object({
  channels: Type.Optional(Type.Array(Type.String(), { description: 'Blueprint channel keys; empty or absent: all' })),
  perCategory: Type.Optional(
    Type.Union([Type.Integer(), Type.String(), Type.Null()], { description: 'Products per leaf category, 1-50; null or "" for the blueprint default' }),
  ),
  withMedia: Type.Optional(Type.Boolean({ description: 'Generate images (default true)' })),
  withOrders: Type.Optional(Type.Boolean({ description: 'Create customers and orders (default true)' })),
  confirmRealOrders: Type.Optional(Type.Boolean({ description: 'Seed even though the shop has orders demo data did not create (else 409 with confirmationRequired)' })),
});

export const RemoveBody = Type.Object({
  channels: Type.Optional(Type.Array(Type.String(), { description: 'Blueprint channel keys; empty or absent: all' })),
  dryRun: Type.Optional(Type.Boolean({ description: 'Report what would be removed and kept; write nothing (default false)' })),
});

const RunStatusSchema = component(
  'ExtDemoDataRunStatus',
  Type.Object({
    state: StringEnum(['idle', 'running', 'finished', 'failed']),
    kind: StringEnum(['seed', 'remove', 'remove-dry-run']),
    queuedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    startedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    finishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    created: Type.Integer({ description: 'Rows created (seed) or removed (removal)' }),
    enriched: Type.Integer(),
    rows: Type.Array(Type.Array(Type.String()), { description: 'Seed: Entity, Created, Reused, Adopted, Enriched, Skipped; removal: Entity, Removed, Kept, Absent' }),
    notes: Type.Array(Type.String(), { description: 'Seed: demo logins and hints; removal: each kept row with the reason' }),
    message: Type.Union([Type.String(), Type.Null()]),
  }),
);

export const GenerateAnswer = documentedOnly(
  Type.Object({
    status: RunStatusSchema,
    accepted: Type.Boolean(),
    confirmationRequired: Type.Optional(Type.Boolean({ description: 'The shop has real orders: send again with confirmRealOrders' })),
    realOrders: Type.Optional(Type.Integer()),
    message: Type.Optional(Type.String()),
  }),
);

export const StatusAnswer = documentedOnly(
  Type.Object({
    status: RunStatusSchema,
    channels: Type.Array(Type.Object({ key: Type.String(), name: Type.String() })),
    defaultPerCategory: Type.Integer(),
    demoUser: Type.Object({
      exists: Type.Boolean(),
      email: Type.Union([Type.String(), Type.Null()]),
      username: Type.Union([Type.String(), Type.Null()]),
      active: Type.Boolean(),
      privileges: Type.Integer(),
    }),
  }),
);

export const DemoUserBody = Type.Object({
  email: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  username: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  rotatePassword: Type.Optional(Type.Boolean()),
});

export const DemoUserAnswer = documentedOnly(
  Type.Object({
    refused: Type.Boolean(),
    created: Type.Optional(Type.Boolean()),
    email: Type.String(),
    username: Type.String(),
    privileges: Type.Optional(Type.Integer()),
    password: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Only when this request set it' })),
  }),
);
