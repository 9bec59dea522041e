import { isPlainObject } from '../../platform/sdk/index.js';
import { gatewayClientFor, statusEnvelope, type GatewayHttpClient } from '../_gateway-kit/index.js';
import { readWireAmount } from './amounts.js';

/**
 * The only code that talks HTTP to gateway A (Paystack-compatible). Every answer is checked against the
 * envelope `{status, message, data}`: `status: false` is an error even with HTTP 200. Amounts are the
 * wire's integers (gateway minor units) and stay integers here; ids are strings (unsigned 64-bit).
 */

export interface TransactionInitialization {
  email: string;
  /** Integer, gateway minor units. */
  amount: number;
  currency: string;
  reference: string;
  callback_url: string;
  metadata?: Record<string, unknown>;
}

/** A transaction as `GET /transaction/verify/:reference` reports it. */
export interface VerifiedTransaction {
  /** The gateway's id, as a string. */
  id: string;
  reference: string;
  /** Lower-cased: success, failed, abandoned, ongoing, pending, processing, queued, reversed. */
  status: string;
  /** What the customer was charged (gateway minor units): the requested amount plus fees the customer bore. */
  amount: number;
  /** What was asked for; the value to compare with the order (the amount when the answer lacks it). */
  requestedAmount: number;
  currency: string;
  fees: number | null;
  channel: string | null;
}

/** The gateway's whole response body (the refund route returns it) and the refund's id. */
export interface CreatedRefund {
  envelope: Record<string, unknown>;
  refundId: string;
}

/** A refund as `GET /refund` lists it. */
export interface ListedRefund {
  id: string;
  /** The refunded transaction's id (numeric in lists). */
  transactionId: string | null;
  amount: number | null;
  currency: string | null;
  status: string;
  merchantNote: string | null;
}

export interface GatewayBank {
  code: string;
  name: string;
  /** The gateway's bank object as listed. */
  raw: Record<string, unknown>;
}

/** More bank pages than this is no list a storefront can use. */
const MAX_BANK_PAGES = 20;
const MAX_REFUND_PAGES = 20;
/** Per request: about 10 s keeps a stuck gateway from holding the customer. */
const DEFAULT_TIMEOUT_MS = 10_000;

export class PayAClient {
  readonly #http: GatewayHttpClient;

  constructor(http: GatewayHttpClient) {
    this.#http = http;
  }

  /** `POST /transaction/initialize`: the hosted page the customer is sent to. */
  async initializeTransaction(body: TransactionInitialization): Promise<{ authorizationUrl: string; reference: string }> {
    const path = '/transaction/initialize';
    const { data } = await this.#http.request('POST', path, body);
    if (!isPlainObject(data) || typeof data.authorization_url !== 'string' || !/^https?:\/\//i.test(data.authorization_url)) {
      throw this.#http.invalid(path, 'no authorization_url');
    }
    return { authorizationUrl: data.authorization_url, reference: typeof data.reference === 'string' ? data.reference : body.reference };
  }

  /** `GET /transaction/verify/:reference`. */
  async verifyTransaction(reference: string): Promise<VerifiedTransaction> {
    const path = `/transaction/verify/${encodeURIComponent(reference)}`;
    const { data } = await this.#http.object('GET', path, 'no transaction data');
    const amount = readWireAmount(data.amount);
    const requested = data.requested_amount === undefined || data.requested_amount === null ? amount : readWireAmount(data.requested_amount);
    if (!isGatewayId(data.id) || typeof data.reference !== 'string' || typeof data.status !== 'string' || typeof data.currency !== 'string' || amount === null || requested === null) {
      throw this.#http.invalid(path, 'the transaction lacks id, reference, status, currency or an integer amount');
    }
    return {
      id: String(data.id),
      reference: data.reference,
      status: data.status.trim().toLowerCase(),
      amount,
      requestedAmount: requested,
      currency: data.currency.trim().toUpperCase(),
      fees: readWireAmount(data.fees),
      channel: typeof data.channel === 'string' ? data.channel : null,
    };
  }

  /** `POST /refund` with the amount always explicit (gateway minor units); the notes as given. */
  async createRefund(body: { transaction: string; amount: number; currency: string; customer_note?: string; merchant_note?: string }): Promise<CreatedRefund> {
    const path = '/refund';
    const { envelope, data } = await this.#http.request('POST', path, body);
    if (!isPlainObject(data) || !isGatewayId(data.id)) throw this.#http.invalid(path, 'no refund id');
    return { envelope, refundId: String(data.id) };
  }

  /**
   * `GET /refund?transaction=<id>` page by page: the refunds of one transaction. The gateway does not
   * document the filter, so items are matched here too.
   */
  async refundsOfTransaction(transactionId: string): Promise<ListedRefund[]> {
    const refunds: ListedRefund[] = [];
    for (let page = 1, pageCount = 1; page <= pageCount; page += 1) {
      if (page > MAX_REFUND_PAGES) throw this.#http.invalid('/refund', `more than ${MAX_REFUND_PAGES} pages of refunds`);
      const path = `/refund?transaction=${encodeURIComponent(transactionId)}&perPage=100&page=${page}`;
      const { envelope, data } = await this.#http.list('GET', path, 'the refund list');
      for (const item of data) {
        const refund = listedRefund(item);
        if (refund && refund.transactionId === transactionId) refunds.push(refund);
      }
      const meta = isPlainObject(envelope.meta) ? envelope.meta : {};
      pageCount = typeof meta.pageCount === 'number' && Number.isInteger(meta.pageCount) ? meta.pageCount : page;
    }
    return refunds;
  }

  /** `GET /bank?country=...` through every cursor page; inactive and deleted banks left out. */
  async listBanks(country: string): Promise<GatewayBank[]> {
    const banks: GatewayBank[] = [];
    let next: string | null = null;
    for (let page = 1; page === 1 || next !== null; page += 1) {
      if (page > MAX_BANK_PAGES) throw this.#http.invalid('/bank', `more than ${MAX_BANK_PAGES} pages of banks`);
      const query = new URLSearchParams({ country, use_cursor: 'true', perPage: '100', ...(next === null ? {} : { next }) });
      const path = `/bank?${query.toString()}`;
      const { envelope, data } = await this.#http.list('GET', path, 'the bank list');
      for (const item of data) {
        if (!isPlainObject(item) || typeof item.code !== 'string' || typeof item.name !== 'string') continue;
        if (item.active === false || item.is_deleted === true) continue;
        banks.push({ code: item.code, name: item.name, raw: item });
      }
      const meta = isPlainObject(envelope.meta) ? envelope.meta : {};
      const following: unknown = meta.next;
      next = typeof following === 'string' && following !== '' && following !== next ? following : null;
    }
    return banks;
  }

  /** `GET /bank/resolve`: the account holder's name. */
  resolveAccount(accountNumber: string, bankCode: string): Promise<string> {
    return this.#http.accountName('GET', `/bank/resolve?${new URLSearchParams({ account_number: accountNumber, bank_code: bankCode }).toString()}`);
  }
}

/** The envelope decides: `status` true (a documentation sample sends the string "true"). */
const readEnvelope = statusEnvelope((status) => status === true || status === 'true');

function listedRefund(item: unknown): ListedRefund | null {
  if (!isPlainObject(item) || !isGatewayId(item.id)) return null;
  const transaction = isPlainObject(item.transaction) ? item.transaction.id : item.transaction;
  return {
    id: String(item.id),
    transactionId: isGatewayId(transaction) ? String(transaction) : null,
    amount: readWireAmount(item.amount),
    currency: typeof item.currency === 'string' ? item.currency.toUpperCase() : null,
    status: typeof item.status === 'string' ? item.status.trim().toLowerCase() : '',
    merchantNote: typeof item.merchant_note === 'string' ? item.merchant_note : null,
  };
}

/** Gateway ids are positive integers up to 2^64 - 1, as JSON numbers (safe ones) or digit strings. */
export function isGatewayId(value: unknown): value is number | string {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0;
  return typeof value === 'string' && /^[1-9]\d{0,19}$/.test(value) && BigInt(value) <= 0xffff_ffff_ffff_ffffn;
}

/** A client for the settings' active mode; GatewayNotConfiguredError without a secret key. */
export function createPayAClient(settings: { apiBaseUrl: string; secretKey: string | null; sandbox: boolean }, options: { timeoutMs?: number } = {}): PayAClient {
  return new PayAClient(gatewayClientFor(settings, { gatewayName: 'Gateway A', timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, readEnvelope }));
}
