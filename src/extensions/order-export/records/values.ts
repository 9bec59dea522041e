/** The export result's outcomes, the values clients branch on, also the export record's `status` (its last outcome). */
export const EXPORT_OUTCOMES = ['exported', 'acknowledged', 'awaiting_acknowledgement', 'deduplicated', 'failed'] as const;
export type ExportOutcome = (typeof EXPORT_OUTCOMES)[number];

/** `callback`: a 2xx is only a receipt; the target confirms processing later through the acknowledgement route. */
export const ACK_MODES = ['none', 'callback'] as const;
export type AckMode = (typeof ACK_MODES)[number];

/** What a target's acknowledgement says about a revision. */
export const ACK_VERDICTS = ['acknowledged', 'rejected'] as const;
export type AckVerdict = (typeof ACK_VERDICTS)[number];

/** When a target exports by itself, through the job queue: never, when an order is placed, or when its payment is paid. */
export const AUTO_EXPORT_TRIGGERS = ['off', 'order_placed', 'order_paid'] as const;
export type AutoExportTrigger = (typeof AUTO_EXPORT_TRIGGERS)[number];

/**
 * Why an attempt ran: `manual` (the export route or the console), `forced` (forceReExport), `automatic`
 * (the queue), `replay` (a recorded attempt sent again), `retry` (the retry-failed command).
 */
export const ATTEMPT_TRIGGERS = ['manual', 'forced', 'automatic', 'replay', 'retry'] as const;
export type AttemptTrigger = (typeof ATTEMPT_TRIGGERS)[number];

/** A bulk replay run: `queued` until a worker takes it, `stopped` when its target was paused on the way (the rest is held). */
export const REPLAY_RUN_STATUSES = ['queued', 'running', 'completed', 'stopped'] as const;
export type ReplayRunStatus = (typeof REPLAY_RUN_STATUSES)[number];

/** What a run replays: failed exports (the route and console), or the exports held while the target was paused (resume). */
export const REPLAY_ORIGINS = ['failed', 'held'] as const;
export type ReplayOrigin = (typeof REPLAY_ORIGINS)[number];
