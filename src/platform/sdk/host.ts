import type { Logger } from 'pino';
import type { ApiContext } from '../acl/context.js';
import type { Db } from '../database/connection.js';
import type { UnitOfWork } from '../database/transaction.js';
import type { EntityRepository } from '../entities/repository.js';
import type { EventName, EventPayload } from '../events/dispatcher.js';
import type { Lease, LeaseHolder, LeaseOptions, LeaseRun } from '../leases/lease-service.js';
import type { OrderTransactionService } from '../checkout/order-transaction/order-transaction-service.js';
import type { PaymentRecords } from '../checkout/refund/payment-records-service.js';
import type { CustomerSession } from '../sales-channel/context/session-payload-service.js';
import type { StateRef, TransitionOutcome } from '../state-machine/state-machine-registry.js';
import type { ConfigDefinition, Setting } from '../system-config/define-config.js';
import type { ChangeCache, ChangeCacheOptions } from '../database/change-cache.js';
import type { MailRequest } from '../mail/mail-service.js';
import type { MailTypeDeclaration } from '../mail/mail-type.js';
import type { SandboxLimits } from '../sandbox/sandbox-limits.js';
import type { SandboxRunOptions } from '../sandbox/sandbox.js';

/** The typed values a `defineConfig` declaration reads. */
export type SettingsOf<D> = D extends ConfigDefinition<infer F> ? { readonly [K in keyof F]: F[K] extends Setting<infer T> ? T : never } : never;

export interface SettingsScopes<S> {
  /** The sales channels with values of their own. */
  channelIds: readonly string[];
  /** The settings of a sales channel (its values over the global ones); null: the global scope. */
  forChannel(salesChannelId: string | null): S;
}

export interface HostConfig {
  /** Every setting of the declaration in one query: the sales channel's values over the global ones. */
  load<D extends ConfigDefinition>(definition: D, salesChannelId?: string | null): Promise<SettingsOf<D>>;
  /**
   * Every scope of the declaration in one query, for a caller that learns the sales channel later or must
   * try several channels' values (a webhook): `forChannel(id)` equals what `load(definition, id)` reads.
   */
  loadScopes<D extends ConfigDefinition>(definition: D): Promise<SettingsScopes<SettingsOf<D>>>;
  /** One raw value (a sales channel's over the global one); secrets decrypted. */
  get(key: string, salesChannelId?: string | null): Promise<unknown>;
  /** Writes one value (`null` deletes it); secrets are encrypted. */
  set(within: Db | UnitOfWork, key: string, value: unknown, salesChannelId?: string | null): Promise<void>;
  /** The shop's name as its shoppers see it in that channel (storefront header and mails), e.g. for a gateway's hosted page. */
  shopName(salesChannelId: string): Promise<string>;
}

export interface HostTransitionRequest {
  /** Join a running unit of work; without one the move commits alone. */
  within?: Db | UnitOfWork;
  /** A stateful entity: order, order_delivery, order_transaction, order_transaction_capture, order_transaction_capture_refund. */
  entity: string;
  id: string;
  /** The action, e.g. `paid`, `refund_partially`, `reopen`, `complete`. */
  action: string;
  /** Who acts; the system by default. */
  context?: ApiContext;
  /**
   * Merged into the entity's custom fields by the statement that moves it (a null value removes its key);
   * written only when it moves. Saves the separate update a settlement would otherwise make.
   */
  customFields?: Record<string, unknown>;
}

export interface HostStateMachines {
  /**
   * Moves the entity: `moved`, `already` (in the action's target state: nothing written) or `refused`
   * (no such transition from the current state: nothing written). 404 AppError when the record does not exist.
   */
  transition(request: HostTransitionRequest): Promise<TransitionOutcome>;
  currentState(entity: string, id: string, within?: Db | UnitOfWork): Promise<StateRef>;
}

export interface HostEvents {
  /** Inside a unit of work, in-transaction subscribers run at once within it and the others after it commits; outside one, all at once. */
  dispatch<N extends EventName>(within: Db | UnitOfWork, name: N, payload: EventPayload<N>): Promise<void>;
}

export interface QueueSendOptions {
  /** Deliver no earlier than this many seconds from now (e.g. a target's Retry-After). */
  startAfterSeconds?: number;
}

export interface HostQueue {
  /** Enqueues a message for a declared handler; inside a unit of work it exists only if that commits. */
  send(within: Db | UnitOfWork, queue: string, data: object, options?: QueueSendOptions): Promise<string>;
}

export interface HostMedia {
  /** The absolute URL of an uploaded media file; null when the record or its file does not exist. */
  urlOf(mediaId: string): Promise<string | null>;
  /**
   * Stores the file of an existing media record (jpg, png, gif, webp whose bytes match the extension),
   * as the upload route does; served at `/media/...`.
   */
  upload(within: Db | UnitOfWork, file: { mediaId: string; bytes: Uint8Array; extension: string; fileName?: string }): Promise<{ path: string; mimeType: string; fileSize: number }>;
}

export interface HostSecrets {
  /** AES-256-GCM under a key derived from APP_SECRET: what `secret` entity fields and secret settings hold. */
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  /**
   * The one read of secret custom fields whole (a customer's account number and BVN) for extension code,
   * e.g. a payout to the account: the record's custom fields of the sets holding secret fields, secret
   * values opened (null when one does not open); undefined when there is no such record. Every other
   * read masks them (`******0031`). Never log or answer what it returns.
   */
  openCustomFields(entity: string, id: string, within?: Db | UnitOfWork): Promise<Record<string, unknown> | undefined>;
}

export interface HostCaches {
  /**
   * A per-process cache of values read from rarely written tables of the extension, dropped as soon as
   * one of `tables` changes, in this process or any other (the tables must report their changes: call
   * `reportChangesOf(db, table)` in a migration). Create one per host and keep it.
   */
  untilChanged<K, V>(tables: readonly string[], options?: ChangeCacheOptions): ChangeCache<K, V>;
}

export interface HostSandbox {
  /** The limits every task runs under (`SANDBOX_*` variables; docs/reliability.md). */
  readonly limits: Readonly<SandboxLimits>;
  /**
   * Runs the export `task` of `module` (a file of the extension: `new URL('./tasks.js', import.meta.url)`,
   * importing only `sdk/sandboxed.js`) in a worker thread the platform can terminate, with `input`
   * (structured-cloned) and the limits as arguments; resolves with its answer. Rejects with
   * SandboxLimitError when the time, memory, answer size or depth limit stopped it. For anything an
   * untrusted caller can make expensive: expressions, regular expressions, text to parse.
   */
  run<T>(module: URL, task: string, input: unknown, options?: SandboxRunOptions): Promise<T>;
}

export interface HostMail {
  /**
   * Creates the extension's mail types with their default templates, or updates the name, variables and
   * example data of existing ones (templates stay as the merchant edited them). Call it from `install`
   * and `update` with the lifecycle's unit of work.
   */
  installTypes(within: Db | UnitOfWork, declarations: readonly MailTypeDeclaration[]): Promise<void>;
  /**
   * Queues a mail of a type (the extension's or the platform's) in `within`: it exists only if that
   * commits, and the worker renders and sends it with retries; the mail log shows what happened. Give
   * `to` and `variables`; links with tokens go in `secrets` (sealed in the queue, masked in the log).
   * A `dedupeKey` (`<type>:<entity id>:<event>`) makes a second request for the same event send nothing.
   * Returns the mail log id; undefined when mails are suppressed in `within`.
   */
  send(within: Db | UnitOfWork, request: MailRequest): Promise<string | undefined>;
  /** No mail is queued for what happens in this unit of work (an import of historic orders). */
  suppress(uow: UnitOfWork): void;
}

/** What an extension does with order transactions: find them by a custom field, read them, merge custom fields, read the payer. */
export type HostOrderTransactions = Pick<OrderTransactionService, 'load' | 'idsByCustomField' | 'mergeCustomFields' | 'payerOf'>;

/** Expiring, atomic, cross-process mutual exclusion (a lease is a row; the database clock decides expiry). */
export interface HostLeases {
  /** Takes the lease, waiting up to `waitMs` for its holder; null when it stayed taken. */
  take(name: string, options: LeaseOptions): Promise<Lease | null>;
  /** Extends a lease still held by this token; false when it was lost (taken over after expiring). */
  renew(lease: Lease, ttlMs: number): Promise<boolean>;
  /** Gives the lease back, only if it is still this token's. */
  release(lease: Lease): Promise<void>;
  /** Who holds the lease now, if anyone (an expired row counts as held by nobody, but is shown). */
  holder(name: string): Promise<LeaseHolder | null>;
  /**
   * Runs `work` while holding the lease: renewed every third of its lifetime, released afterwards (also
   * when `work` throws); `signal` aborts when a renewal finds it lost. `{acquired:false}` when not taken within `waitMs`.
   */
  run<T>(name: string, options: LeaseOptions, work: (lease: Lease, signal: AbortSignal) => Promise<T>): Promise<LeaseRun<T>>;
}

/** Values an extension keeps server-side in a logged-in customer's storefront session, under its own key; logout drops them. */
export interface HostSessions {
  /** Stores `value` under `key`; false when the session is not stored (or belongs to another customer). */
  put(session: CustomerSession, key: string, value: unknown): Promise<boolean>;
  /** Reads `key` with the session's row locked until `uow` ends (so two requests cannot use one value twice). */
  getForUpdate(uow: UnitOfWork, session: Omit<CustomerSession, 'customerId'>, key: string): Promise<unknown>;
  remove(within: Db | UnitOfWork, token: string, key: string): Promise<void>;
}

export interface HostEntities {
  /** Every registered entity (the platform's and active extensions'), e.g. to grant `<entity>:read`. */
  names(): string[];
}

/**
 * Everything an extension is handed by the platform: its own logger, the database for its
 * own tables, repositories, settings, state machines, events, queue, leases, and the host services for
 * what it needs of host tables. Nothing else of the platform is reachable from an extension.
 */
export interface ExtensionHost {
  /** e.g. `ExtPayB`. */
  readonly extensionName: string;
  /** The shop's public base URL (`APP_URL`), without a trailing slash. */
  readonly appUrl: string;
  /** A logger whose lines carry the extension's name. Never log secrets or whole gateway answers. */
  readonly logger: Logger;
  /**
   * The database, for the extension's OWN tables (type them once: `host.db as Kysely<MyTables>`). Host
   * tables are reached through the services below, never queried directly.
   */
  readonly db: Db;
  /** Runs `work` in one database transaction (or joins `within`); after-commit work runs once it commits. */
  transaction<T>(work: (uow: UnitOfWork) => Promise<T>, within?: Db | UnitOfWork): Promise<T>;
  /** The generic repository of a registered entity: validated writes, their events, privilege checks. */
  repository(entity: string): EntityRepository;
  readonly config: HostConfig;
  readonly stateMachines: HostStateMachines;
  readonly events: HostEvents;
  readonly queue: HostQueue;
  /** Expiring, atomic, cross-process mutual exclusion. */
  readonly leases: HostLeases;
  /** Order transactions to read and annotate; their row lock stays in the host (it settles payments and refunds). */
  readonly orderTransactions: HostOrderTransactions;
  /** Captures and refunds of order transactions. */
  readonly paymentRecords: PaymentRecords;
  /** Values kept in a logged-in customer's storefront session. */
  readonly sessions: HostSessions;
  readonly media: HostMedia;
  /** For values of `secret` entity fields the extension reads from its own tables. */
  readonly secrets: HostSecrets;
  readonly entities: HostEntities;
  readonly caches: HostCaches;
  /** Mails: the extension's types, and queued mails through the shop's transport. */
  readonly mail: HostMail;
  /** Untrusted evaluation off the event loop, with hard limits. */
  readonly sandbox: HostSandbox;
}
