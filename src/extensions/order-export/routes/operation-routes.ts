import { sql } from 'kysely';
import { defineRoute, errorResponses, errors, type ExtensionHost, type RouteDeclaration } from '../../../platform/sdk/index.js';
import { tablesOf } from '../records/db.js';
import type { ReplayRunRow } from '../records/tables.js';
import { createReplayRun, findRun } from '../replay/replay-run.js';
import { resumeTarget } from '../replay/resume-target.js';
import { orderExportsView, revisionDiff } from '../view/order-exports-view.js';
import { ACTION_PREFIX, described, privileged } from './route-options.js';
import {
  DiffQuery,
  DiffResult,
  ExportParams,
  OrderParams,
  OrderView,
  ReplayRun,
  ReplayRunBody,
  ResumeResult,
  RunParams,
  TargetHealthList,
  TargetParams,
} from './schemas.js';

export const EXPORT_READ_PRIVILEGE = 'ext_order_export:read';
const EXPORT_PRIVILEGE = 'ext_order_export:update';
const TARGET_READ_PRIVILEGE = 'ext_order_export_config:read';
const TARGET_UPDATE_PRIVILEGE = 'ext_order_export_config:update';

/** A run as the API answers it (the order list stays inside: `total` says how many). */
export function runView(run: ReplayRunRow) {
  return {
    id: run.id,
    configId: run.config_id,
    origin: run.origin,
    status: run.status,
    total: run.total,
    processed: run.processed,
    succeeded: run.succeeded,
    failed: run.failed,
    skipped: run.skipped,
    lastError: run.last_error,
    createdAt: run.created_at.toISOString(),
    finishedAt: run.finished_at?.toISOString() ?? null,
  };
}

/** The order page's view and diff, bulk replay runs, resuming a paused target and the targets' health. */
export function operationRoutes(host: ExtensionHost): RouteDeclaration[] {
  return [
    defineRoute({
      method: 'GET',
      url: `${ACTION_PREFIX}/order/:orderId`,
      ...privileged(EXPORT_READ_PRIVILEGE),
      schema: {
        ...described('Every target with this order\'s export to it: last outcome, revisions with payloads, attempts', EXPORT_READ_PRIVILEGE),
        params: OrderParams,
        response: { 200: OrderView, ...errorResponses({ 403: 'Missing privilege.', 404: 'Malformed order id.' }) },
      },
      handler: async (request) => orderExportsView(host, request.params.orderId),
    }),
    defineRoute({
      method: 'GET',
      url: `${ACTION_PREFIX}/export/:exportId/diff`,
      ...privileged(EXPORT_READ_PRIVILEGE),
      schema: {
        ...described('The fields that changed between two revisions of an export', EXPORT_READ_PRIVILEGE),
        params: ExportParams,
        querystring: DiffQuery,
        response: {
          200: DiffResult,
          ...errorResponses({ 400: 'from/to missing, or a revision stored cut (over 64 KiB).', 403: 'Missing privilege.', 404: 'Unknown export or revision.' }),
        },
      },
      handler: async (request) => revisionDiff(host, request.params.exportId, request.query.from, request.query.to),
    }),
    defineRoute({
      method: 'POST',
      url: `${ACTION_PREFIX}/replay-run`,
      ...privileged(EXPORT_PRIVILEGE),
      schema: {
        ...described(
          'Queue a bulk replay of a target\'s failed exports',
          EXPORT_PRIVILEGE,
          'Over a time range (`since`, `until`) or a list of orders; the orders are fixed when the run is created. Poll `GET replay-run/{runId}` for progress.',
        ),
        body: ReplayRunBody,
        response: {
          200: ReplayRun,
          ...errorResponses({ 400: 'Neither since nor orderIds, or a malformed time.', 403: 'Missing privilege.', 404: 'Unknown or inactive target.', 409: 'The target is paused: resume it.' }),
        },
      },
      handler: async (request) => {
        const since = optionalDate(request.body.since, 'since');
        const until = optionalDate(request.body.until, 'until');
        return runView(await createReplayRun(host, { configId: request.body.configId, since, until, orderIds: request.body.orderIds }));
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${ACTION_PREFIX}/replay-run/:runId`,
      ...privileged(EXPORT_READ_PRIVILEGE),
      schema: {
        ...described('A bulk replay run\'s progress', EXPORT_READ_PRIVILEGE),
        params: RunParams,
        response: { 200: ReplayRun, ...errorResponses({ 403: 'Missing privilege.', 404: 'Unknown run.' }) },
      },
      handler: async (request) => {
        const run = await findRun(host, request.params.runId);
        if (!run) throw errors.notFound('ext_order_export_replay_run', request.params.runId);
        return runView(run);
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${ACTION_PREFIX}/target/:configId/resume`,
      ...privileged(TARGET_UPDATE_PRIVILEGE),
      schema: {
        ...described('Resume a paused target and replay the orders held while it was paused', TARGET_UPDATE_PRIVILEGE),
        params: TargetParams,
        response: { 200: ResumeResult, ...errorResponses({ 403: 'Missing privilege.', 404: 'Unknown target.' }) },
      },
      handler: async (request) => resumeTarget(host, request.params.configId),
    }),
    defineRoute({
      method: 'GET',
      url: `${ACTION_PREFIX}/target-health`,
      ...privileged(TARGET_READ_PRIVILEGE),
      schema: {
        ...described('Every target\'s health: paused, failures in a row, failing since, held orders, failed exports', TARGET_READ_PRIVILEGE, 'For dashboards: paused and failing targets first.'),
        response: { 200: TargetHealthList, ...errorResponses({ 403: 'Missing privilege.' }) },
      },
      handler: async () => ({ data: await targetHealth(host) }),
    }),
  ];
}

function optionalDate(text: string | undefined, name: string): Date | undefined {
  if (text === undefined) return undefined;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw errors.invalidRequest(`${name} must be an ISO 8601 date-time.`, `/${name}`);
  return date;
}

/** Paused targets first, then failing ones (most failures first), then the rest by name. */
export async function targetHealth(host: ExtensionHost) {
  const rows = await tablesOf(host.db)
    .selectFrom('ext_order_export_config as t')
    .select([
      't.id',
      't.name',
      't.active',
      't.paused',
      't.paused_at',
      't.pause_reason',
      't.consecutive_failures',
      't.failing_since',
      't.pause_after_failures',
      sql<number>`(SELECT count(*)::int FROM ext_order_export_held h WHERE h.config_id = t.id)`.as('held'),
      sql<number>`(SELECT count(*)::int FROM ext_order_export e WHERE e.config_id = t.id AND e.status = 'failed')`.as('failed_exports'),
    ])
    .orderBy('t.paused', 'desc')
    .orderBy('t.consecutive_failures', 'desc')
    .orderBy('t.name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    active: row.active,
    paused: row.paused,
    pausedAt: row.paused_at?.toISOString() ?? null,
    pauseReason: row.pause_reason,
    consecutiveFailures: row.consecutive_failures,
    failingSince: row.failing_since?.toISOString() ?? null,
    pauseAfterFailures: row.pause_after_failures,
    held: Number(row.held),
    failedExports: Number(row.failed_exports),
  }));
}
