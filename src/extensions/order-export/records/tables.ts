import type { AckMode, AckVerdict, AttemptTrigger, AutoExportTrigger, ExportOutcome, ReplayOrigin, ReplayRunStatus } from './values.js';

/** The extension's own tables as Kysely sees them (`host.db as Kysely<OrderExportTables>`). */
export interface OrderExportTables {
  ext_order_export_credential: CredentialRow;
  ext_order_export_mapping: MappingRow;
  ext_order_export_mapping_version: MappingVersionRow;
  ext_order_export_config: TargetRow;
  ext_order_export: ExportRow;
  ext_order_export_attempt: AttemptRow;
  ext_order_export_held: HeldRow;
  ext_order_export_replay_run: ReplayRunRow;
}

export interface CredentialRow {
  id: string;
  name: string;
  auth_type: string;
  public_meta: Record<string, unknown>;
  /** sealed with the platform's secret box; null when none is stored */
  secret: string | null;
  rotated_at: Date | null;
  created_at: Date;
  updated_at: Date | null;
}

export interface MappingRow {
  id: string;
  name: string;
  definition: unknown;
  /** kept by a trigger: bumped, with a new version row, whenever the definition changes */
  current_version: number;
}

export interface MappingVersionRow {
  id: string;
  mapping_id: string;
  version: number;
  definition: unknown;
  created_at: Date;
}

export interface TargetRow {
  id: string;
  name: string;
  active: boolean;
  url: string;
  method: 'POST' | 'PUT';
  headers: Record<string, string>;
  timeout_ms: number;
  credential_id: string | null;
  mapping_id: string;
  ack_mode: AckMode;
  auto_export: AutoExportTrigger;
  /** sealed */
  signing_secret: string;
  /** paused targets send nothing: automatic exports are held, manual ones refused (409) */
  paused: boolean;
  paused_at: Date | null;
  pause_reason: string | null;
  consecutive_failures: number;
  /** the first failure of the current run of failures */
  failing_since: Date | null;
  pause_after_failures: number;
  include_test_orders: boolean;
  /** bulk replays send at most this many requests per second; null: no limit */
  max_per_second: number | null;
}

export interface ExportRow {
  id: string;
  order_id: string;
  config_id: string;
  revision: number;
  payload_hash: string;
  correlation_id: string;
  status: ExportOutcome;
  /** the current revision's body, exactly as sent (replay sends these bytes again) */
  payload: string;
  mapping_version_id: string | null;
  delivered_at: Date | null;
  /** the target's verdict on the current revision (callback or a 2xx saying acknowledged); the first one counts */
  ack_status: AckVerdict | null;
  acknowledged_at: Date | null;
  ack_reference: string | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date | null;
}

export interface AttemptRow {
  id: string;
  export_id: string;
  revision: number;
  correlation_id: string;
  trigger: AttemptTrigger;
  outcome: ExportOutcome;
  started_at: Date;
  duration_ms: number;
  request_url: string | null;
  request_method: string | null;
  request_headers: unknown;
  request_body: string | null;
  request_body_truncated: boolean;
  response_status: number | null;
  response_headers: unknown;
  response_body: string | null;
  response_body_truncated: boolean;
  error: string | null;
  created_at: Date;
}

export interface HeldRow {
  config_id: string;
  order_id: string;
  held_at: Date;
}

export interface ReplayRunRow {
  id: string;
  config_id: string;
  origin: ReplayOrigin;
  since: Date | null;
  until: Date | null;
  order_ids: string[];
  status: ReplayRunStatus;
  total: number;
  processed: number;
  succeeded: number;
  failed: number;
  skipped: number;
  last_error: string | null;
  finished_at: Date | null;
  created_at: Date;
  updated_at: Date | null;
}
