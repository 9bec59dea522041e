import { isPlainObject, parseExactDecimal } from '../../platform/sdk/index.js';
import { gatewayClientFor, statusEnvelope, type GatewayHttpClient } from '../_gateway-kit/index.js';

/**
 * The only code that talks HTTP to gateway D (Flutterwave v3-compatible): the envelope's `status` decides (errors may
 * come with HTTP 200); amounts are major units on the wire, exact decimal strings here (`"100.5"`), never floats.
 */

export interface PaymentInitialization {
  tx_ref: string;
  /** Major units as an exact decimal string. */
  amount: string;
  currency: string;
  redirect_url: string;
  customer: { email: string; name?: string; phonenumber?: string };
  customizations?: { title?: string; logo?: string; description?: string };
  meta?: Record<string, unknown>;
  payment_options?: string;
  configurations?: { session_duration?: number; max_retry_attempt?: number };
}

/** A verified transaction; amounts are exact major-unit decimal strings or null. */
export interface GatewayTransaction {
  id: number;
  txRef: string;
  flwRef: string | null;
  /** What the order was charged for; the value to compare with the order total. */
  amount: string;
  currency: string;
  chargedAmount: string | null;
  appFee: string | null;
  amountSettled: string | null;
  /** Lower-cased: successful, failed, pending, cancelled, ... */
  status: string;
  paymentType: string | null;
  customer: { name: string | null; email: string | null };
}

/** The answer to a refund request: the gateway's whole response body (the refund route returns it) and the refund's id. */
export interface GatewayRefundResult {
  envelope: Record<string, unknown>;
  refundId: number;
}

export interface RefundListPage {
  /** List items as received; the ledger filters and sums them itself (keys vary). */
  items: Array<Record<string, unknown>>;
  currentPage: number;
  totalPages: number;
}

export interface Bank {
  id: number | null;
  code: string;
  name: string;
}

/** Per request; the gateway gives up after about 28 s itself. */
const DEFAULT_TIMEOUT_MS = 30_000;

export class PayBClient {
  readonly #http: GatewayHttpClient;

  constructor(http: GatewayHttpClient) {
    this.#http = http;
  }

  /** `POST /v3/payments`: the hosted payment link for the customer. */
  async initializePayment(body: PaymentInitialization): Promise<{ link: string }> {
    const { data } = await this.#http.request('POST', '/v3/payments', body);
    const link = isPlainObject(data) ? data.link : undefined;
    if (typeof link !== 'string' || !/^https?:\/\//i.test(link)) throw this.#http.invalid('/v3/payments', 'no payment link');
    return { link };
  }

  /** `GET /v3/transactions/:id/verify`. */
  async verifyTransaction(transactionId: number | string): Promise<GatewayTransaction> {
    const path = `/v3/transactions/${encodeURIComponent(String(transactionId))}/verify`;
    return this.#transaction(path, (await this.#http.object('GET', path, 'no transaction data')).data);
  }

  /** `GET /v3/transactions/verify_by_reference?tx_ref=`: the latest attempt for the reference. */
  async verifyByReference(txRef: string): Promise<GatewayTransaction> {
    const path = `/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(txRef)}`;
    return this.#transaction(path, (await this.#http.object('GET', path, 'no transaction data')).data);
  }

  /** `POST /v3/transactions/:id/refund` with the amount in major units (always sent explicitly). */
  async refundTransaction(transactionId: number | string, body: { amount: string; comments?: string }): Promise<GatewayRefundResult> {
    const path = `/v3/transactions/${encodeURIComponent(String(transactionId))}/refund`;
    const { envelope, data } = await this.#http.request('POST', path, { amount: body.amount, ...(body.comments ? { comments: body.comments } : {}) });
    if (!isPlainObject(data) || !isGatewayId(data.id)) throw this.#http.invalid(path, 'no refund id');
    return { envelope, refundId: Number(data.id) };
  }

  /** `GET /v3/refunds` page by page (the gateway may ignore filters). */
  async listRefunds(query: { page: number; from?: string; to?: string; currency?: string; id?: number | string }): Promise<RefundListPage> {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    const path = `/v3/refunds?${params.toString()}`;
    const { envelope, data } = await this.#http.list('GET', path, 'the refund list');
    const pageInfo = isPlainObject(envelope.meta) && isPlainObject(envelope.meta.page_info) ? envelope.meta.page_info : {};
    const currentPage = positiveIntegerOr(pageInfo.current_page, query.page);
    const totalPages = positiveIntegerOr(pageInfo.total_pages, currentPage);
    return { items: data.filter(isPlainObject), currentPage, totalPages };
  }

  /** `GET /v3/refunds/:id`: one refund, shaped as a ledger item. */
  async getRefund(refundId: number | string): Promise<Record<string, unknown>> {
    const path = `/v3/refunds/${encodeURIComponent(String(refundId))}`;
    return (await this.#http.object('GET', path, 'no refund data')).data;
  }

  /** `GET /v3/banks/:country`. */
  async listBanks(country: string): Promise<Bank[]> {
    const path = `/v3/banks/${encodeURIComponent(country)}`;
    const { data } = await this.#http.list('GET', path, 'the bank list');
    return data.flatMap((item) => {
      if (!isPlainObject(item) || (typeof item.code !== 'string' && typeof item.code !== 'number') || typeof item.name !== 'string') return [];
      return [{ id: typeof item.id === 'number' ? item.id : null, code: String(item.code), name: item.name }];
    });
  }

  /** `POST /v3/accounts/resolve`: the account holder's name for an account number at a bank. */
  resolveAccount(accountNumber: string, bankCode: string): Promise<string> {
    return this.#http.accountName('POST', '/v3/accounts/resolve', { account_number: accountNumber, account_bank: bankCode });
  }

  #transaction(path: string, data: Record<string, unknown>): GatewayTransaction {
    const amount = decimalOrNull(data.amount);
    if (!isGatewayId(data.id) || typeof data.tx_ref !== 'string' || amount === null || typeof data.currency !== 'string' || typeof data.status !== 'string') {
      throw this.#http.invalid(path, 'the transaction lacks id, tx_ref, amount, currency or status');
    }
    const customer = isPlainObject(data.customer) ? data.customer : {};
    return {
      id: Number(data.id),
      txRef: data.tx_ref,
      flwRef: typeof data.flw_ref === 'string' ? data.flw_ref : null,
      amount,
      currency: data.currency.toUpperCase(),
      chargedAmount: decimalOrNull(data.charged_amount),
      appFee: decimalOrNull(data.app_fee),
      amountSettled: decimalOrNull(data.amount_settled),
      status: data.status.toLowerCase(),
      paymentType: typeof data.payment_type === 'string' ? data.payment_type : null,
      customer: {
        name: typeof customer.name === 'string' ? customer.name : null,
        email: typeof customer.email === 'string' ? customer.email : null,
      },
    };
  }
}

/** The envelope decides: `status` "success". */
const readEnvelope = statusEnvelope((status) => status === 'success');

/** Gateway ids are positive integers, sent as numbers (or numeric strings by some endpoints). */
export function isGatewayId(value: unknown): value is number | string {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0;
  return typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) && Number.isSafeInteger(Number(value));
}

/** A JSON number or numeric string as its exact decimal text; null when absent or not a number. */
export function decimalOrNull(value: unknown): string | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  if (parseExactDecimal(value) === null) return null;
  return typeof value === 'number' ? String(value) : value.trim();
}

function positiveIntegerOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;
}

/** A client for the settings' active mode; GatewayNotConfiguredError without a secret key. */
export function createPayBClient(settings: { apiBaseUrl: string; secretKey: string | null; sandbox: boolean }, options: { timeoutMs?: number } = {}): PayBClient {
  return new PayBClient(gatewayClientFor(settings, { gatewayName: 'Gateway D', timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, readEnvelope }));
}
