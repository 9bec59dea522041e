import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  addFlash,
  clientErrorMessages,
  defineRoute,
  defineStorefrontRoute,
  errors,
  formFields,
  isPlainObject,
  profileSlot,
  RateLimiter,
  redirectWithFlash,
  salesChannelIdOf,
  systemContext,
  templateFolder,
  type CustomerContext,
  type ExtensionHost,
  type RouteDeclaration,
  type RouteReply,
  type RouteRequest,
  type StorefrontRequest,
} from '../../../platform/sdk/index.js';
import {
  DEFAULT_BANK_INPUT_FIELDS,
  maskAccountNumber,
  validateBankAccountInput,
  validateBvn,
  withoutDigitRuns,
  type BankAccountInput,
  type BankInputFields,
} from './bank-account-validation.js';
import { bankErrors } from './bank-errors.js';
import { BankListCache, type ListedBank } from './bank-list-cache.js';
import { VerifiedAccountStore, type VerificationLookup } from './verified-account-store.js';
import { GatewayClientError } from '../http/gateway-client.js';

/** The settings a bank request runs with: those of the request's sales channel. */
export interface BankSettings {
  /** "Enable Bank Data Collection" for the channel. */
  collectBankData: boolean;
  /** ISO country whose banks are offered (NG accounts are 10-digit NUBANs). */
  bankCountry: string;
  apiBaseUrl: string;
  sandbox: boolean;
}

/**
 * Customer custom fields the saved details go to. The account number and the BVN are declared `secret`
 * (`bankDetailsFieldSet`): the platform seals them on write and masks them on every read.
 */
export interface BankCustomerFields {
  bankName: string;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  /** Set for gateways that collect Nigeria's Bank Verification Number too. */
  bvn?: string;
}

/** What a gateway plugs into the kit's bank routes; `B` is its bank as listed (code, name and whatever else it keeps). */
export interface BankGateway<S extends BankSettings, B extends ListedBank = ListedBank> {
  /** Path prefix and element-id prefix, e.g. `pay-b`: routes `/pay-b/bank/{list,verify,save}`. */
  prefix: string;
  /** Error code prefix, e.g. `PAY_B`. */
  codePrefix: string;
  /** Heading of the profile section; default `Bank account`. */
  title?: string;
  settingsOf(salesChannelId: string | null): Promise<S>;
  /** Cache key of a settings' bank list; default the gateway URL, the mode and the country. */
  bankListKey?(settings: S): string;
  /** The gateway's banks of `settings.bankCountry`; throws when the gateway cannot give them. */
  listBanks(settings: S): Promise<ReadonlyArray<B>>;
  /** The list route's JSON for the sorted banks; default `{"banks":[{"code","name"}]}`. */
  listAnswer?(banks: readonly B[]): unknown;
  /** Names of the bank code and account number fields in the verify body and the save form; default `bankCode`, `accountNumber`. */
  inputFields?: BankInputFields;
  /** The account holder's name as the gateway resolves it; throws a GatewayClientError when it cannot. */
  resolveAccountName(settings: S, accountNumber: string, bankCode: string): Promise<string>;
  customerFields: BankCustomerFields;
}

/** Where the form lives and the customer returns to. */
export const PROFILE_PATH = '/account';
/** Account resolutions a customer may ask for per window: enough for typos, too few to look up strangers' names. */
export const VERIFICATIONS_PER_WINDOW = 10;
export const VERIFICATION_WINDOW_MS = 60 * 60_000;

const REFUSALS: Record<Exclude<VerificationLookup['outcome'], 'verified'>, string> = {
  missing: 'Please verify your account number before saving.',
  'other-customer': 'Please verify your account number before saving.',
  'different-account': 'The bank details do not match the account you verified. Please verify them again.',
  expired: 'Your account verification has expired. Please verify the account again.',
};

const SCRIPT_FILE = new URL('./assets/bank-account.js', import.meta.url);

/** The session key a gateway keeps the verified account under, e.g. `ext_pay_b_bank_verification`. */
export function verificationPayloadKey(prefix: string): string {
  return `ext_${prefix.replace(/-/g, '_')}_bank_verification`;
}

/**
 * A gateway's storefront bank routes and profile section, declared: list the banks of the configured
 * country (XHR), verify an account at the gateway (XHR), save the verified account on the customer
 * (form post, back to the profile with a flash message). The routes exist only while "Enable Bank Data
 * Collection" is on for the request's sales channel, and only for logged-in customers.
 */
export function bankRoutes<S extends BankSettings, B extends ListedBank = ListedBank>(host: ExtensionHost, gateway: BankGateway<S, B>): RouteDeclaration[] {
  const fields = gateway.inputFields ?? DEFAULT_BANK_INPUT_FIELDS;
  const errorsOf = bankErrors(gateway.codePrefix, fields);
  const banks = new BankListCache<B>(errorsOf);
  const listAnswer = gateway.listAnswer ?? ((list: readonly B[]) => ({ banks: list.map(({ code, name }) => ({ code, name })) }));
  const rateLimit = new RateLimiter({ points: VERIFICATIONS_PER_WINDOW, durationMs: VERIFICATION_WINDOW_MS, keyPrefix: `${gateway.prefix}-verify` });
  const store = new VerifiedAccountStore(host, verificationPayloadKey(gateway.prefix));
  const loaded = new WeakMap<RouteRequest, Promise<{ salesChannelId: string | null; settings: S }>>();
  // the gate, the handler and the profile slot of one request share one settings read
  const settingsOf = (request: RouteRequest) => {
    let found = loaded.get(request);
    if (!found) {
      found = (async () => {
        const salesChannelId = (await salesChannelIdOf(request)) ?? null;
        return { salesChannelId, settings: await gateway.settingsOf(salesChannelId) };
      })();
      loaded.set(request, found);
    }
    return found;
  };
  const bankListKeyOf = (settings: S) => gateway.bankListKey?.(settings) ?? `${settings.apiBaseUrl}|${settings.sandbox ? 'sandbox' : 'live'}|${settings.bankCountry}`;
  const listOf = (settings: S, request: RouteRequest) => banks.banks(bankListKeyOf(settings), () => gateway.listBanks(settings), request.log);

  // before the CSRF and login checks: a guest or a forged post learns nothing more than from any unknown path
  const collectionOn = async (request: RouteRequest) => {
    if (!(await settingsOf(request)).settings.collectBankData) throw errors.routeNotFound(request.method, request.url);
  };
  // list and verify are the profile script's calls (XHR only), never pages or links
  const xhrOnly = () => errorsOf.xhrRequired();
  const script = bankAccountScript(`/${gateway.prefix}/assets/bank-account.js`);

  /**
   * `POST /<prefix>/bank/verify`: resolves the account at the gateway and remembers it in the session for
   * the save. Order: form of the input (400), bank of the configured country (400; 502 without a list),
   * rate limit (429), resolution (400 not resolved, 502 gateway unreachable).
   */
  async function verify(request: StorefrontRequest<CustomerContext>, reply: RouteReply, salesChannelId: string | null, settings: S) {
    const input = validateBankAccountInput(request.body, settings.bankCountry, gateway.codePrefix, fields);
    const bank = (await listOf(settings, request)).find((candidate) => candidate.code === input.bankCode);
    if (!bank) throw errorsOf.unknownBank(settings.bankCountry);

    const customerId = request.storefront.customer.id;
    const decision = await rateLimit.consume(customerId);
    if (!decision.allowed) {
      reply.header('retry-after', String(decision.retryAfterSeconds));
      throw errorsOf.tooManyVerifications(decision.retryAfterSeconds);
    }

    const logged = { customerId, bankCode: bank.code, account: maskAccountNumber(input.accountNumber) };
    let accountName: string;
    try {
      accountName = await gateway.resolveAccountName(settings, input.accountNumber, bank.code);
    } catch (error) {
      if (isRefusedResolution(error)) {
        request.log.info({ ...logged, gatewayMessage: withoutDigitRuns(error.details.gatewayMessage) }, `${gateway.prefix}: bank account not resolved`);
        throw errorsOf.accountNotResolved();
      }
      // the error's message may quote the gateway's, which may echo the account number: only what kind of failure
      const failure = error instanceof GatewayClientError ? { kind: error.kind, httpStatus: error.details.httpStatus } : { kind: error instanceof Error ? error.name : 'unknown' };
      request.log.warn({ ...logged, ...failure }, `${gateway.prefix}: bank account verification failed`);
      // no cause: the platform logs 5xx errors with their causes, and this one may quote the account number
      throw errorsOf.verificationUnavailable();
    }

    const remembered = await store.remember(
      { token: request.storefront.sessionToken, salesChannelId, customerId },
      { bankCode: bank.code, bankName: bank.name, accountNumber: input.accountNumber, accountName },
    );
    // a logged-in customer always has a stored session: without one the save could never succeed
    if (!remembered) throw new Error(`${gateway.prefix}: the customer session is not stored; the verification cannot be kept`);
    request.log.info(logged, `${gateway.prefix}: bank account verified`);
    reply.header('cache-control', 'no-store');
    return { accountNumber: input.accountNumber, accountName, bankCode: bank.code, bankName: bank.name };
  }

  /**
   * `POST /<prefix>/bank/save`: stores the account verified in this session (same customer, bank and
   * number, not expired) on the customer's custom fields; the account name is the gateway's, never the
   * form's. An empty BVN keeps the one on file. Every refusal returns to the profile with a message.
   */
  async function save(request: StorefrontRequest<CustomerContext>, reply: RouteReply, salesChannelId: string | null, settings: S) {
    const form = formFields(request.body);
    const problems: string[] = [];
    let input: BankAccountInput | undefined;
    let bvn: string | null = null;
    try {
      input = validateBankAccountInput(form, settings.bankCountry, gateway.codePrefix, fields);
    } catch (error) {
      problems.push(...clientErrorMessages(error));
    }
    if (gateway.customerFields.bvn) {
      try {
        bvn = validateBvn(form.bvn, gateway.codePrefix);
      } catch (error) {
        problems.push(...clientErrorMessages(error));
      }
    }
    if (!input || problems.length > 0) {
      for (const message of problems) addFlash(reply, 'danger', message);
      return reply.redirect(PROFILE_PATH, 302);
    }

    const customerId = request.storefront.customer.id;
    const session = { token: request.storefront.sessionToken, salesChannelId, customerId };
    const target = gateway.customerFields;
    const outcome = await host.transaction(async (uow) => {
      const lookup = await store.take(uow, session, input);
      if (lookup.outcome !== 'verified') return lookup.outcome;
      const { account } = lookup;
      const customFields: Record<string, string> = {
        [target.bankName]: account.bankName,
        [target.bankCode]: account.bankCode,
        [target.accountNumber]: account.accountNumber,
        [target.accountName]: account.accountName,
      };
      if (target.bvn && bvn !== null) customFields[target.bvn] = bvn;
      // customFields of an update merge into the stored ones: other extensions' fields stay
      await host.repository('customer').update([{ id: customerId, customFields }], systemContext, uow);
      return 'saved' as const;
    });

    const logged = { customerId, bankCode: input.bankCode, account: maskAccountNumber(input.accountNumber) };
    if (outcome !== 'saved') {
      request.log.info({ ...logged, outcome }, `${gateway.prefix}: bank details refused`);
      return redirectWithFlash(reply, PROFILE_PATH, 'danger', REFUSALS[outcome]);
    }
    request.log.info({ ...logged, bvnGiven: bvn !== null }, `${gateway.prefix}: bank details saved`);
    return redirectWithFlash(reply, PROFILE_PATH, 'success', 'Your bank details were saved.');
  }

  return [
    templateFolder(new URL('./views/', import.meta.url)),
    script.route,
    defineStorefrontRoute({
      method: 'GET',
      url: `/${gateway.prefix}/bank/list`,
      responds: 'json',
      options: { requireCustomer: true },
      gate: collectionOn,
      xhrOnly,
      handler: async (request, reply) => {
        const { settings } = await settingsOf(request);
        const list = await listOf(settings, request);
        // the list is the same for everyone and changes rarely; private because the route needs a login
        reply.header('cache-control', 'private, max-age=300');
        return listAnswer(list);
      },
    }),
    defineStorefrontRoute({
      method: 'POST',
      url: `/${gateway.prefix}/bank/verify`,
      responds: 'json',
      options: { requireCustomer: true },
      gate: collectionOn,
      xhrOnly,
      handler: async (request, reply) => {
        const { salesChannelId, settings } = await settingsOf(request);
        return verify(request, reply, salesChannelId, settings);
      },
    }),
    defineStorefrontRoute({
      method: 'POST',
      url: `/${gateway.prefix}/bank/save`,
      responds: 'html',
      options: { requireCustomer: true },
      gate: collectionOn,
      handler: async (request, reply) => {
        const { salesChannelId, settings } = await settingsOf(request);
        return save(request, reply, salesChannelId, settings);
      },
    }),
    // the profile page's section: saved details (number masked, BVN only as "on file") and the form
    profileSlot({
      id: `${gateway.prefix}-bank-account`,
      owner: host.extensionName,
      template: 'gateway-kit/bank-account.njk',
      data: async (request) => {
        const { settings } = await settingsOf(request);
        if (!settings.collectBankData || !request.storefront.customer) return { enabled: false };
        // secret custom fields read masked: the page never holds the account number or BVN whole
        const customer = await host.repository('customer').get(request.storefront.customer.id, systemContext);
        return {
          enabled: true,
          prefix: gateway.prefix,
          fields,
          title: gateway.title ?? 'Bank account',
          saved: savedDetails(customer?.customFields, gateway.customerFields),
          nigeria: settings.bankCountry === 'NG',
          collectBvn: gateway.customerFields.bvn !== undefined,
          scriptUrl: script.url,
        };
      },
    }),
  ];
}

/**
 * The gateway answered and said no (unknown account, unsupported country): the customer's input. Not
 * when it refused our key (401/403), throttled us (429) or failed (5xx): those are ours to fix.
 */
function isRefusedResolution(error: unknown): error is GatewayClientError {
  if (!(error instanceof GatewayClientError) || error.kind !== 'gateway') return false;
  const status = error.details.httpStatus ?? 0;
  return status < 500 && status !== 401 && status !== 403 && status !== 429;
}

/** The saved details as a customer read gives them: the account number and BVN come masked by the platform. */
function savedDetails(customFields: unknown, fields: BankCustomerFields) {
  if (!isPlainObject(customFields)) return null;
  const text = (name: string | undefined) => (name !== undefined && typeof customFields[name] === 'string' ? (customFields[name] as string) : '');
  const maskedAccountNumber = text(fields.accountNumber);
  if (maskedAccountNumber === '') return null;
  return {
    bankName: text(fields.bankName),
    maskedAccountNumber,
    accountName: text(fields.accountName),
    bvnOnFile: text(fields.bvn) !== '',
  };
}

/**
 * Serves the form's script as a file of its own (not inline), so a Content-Security-Policy without
 * 'unsafe-inline' keeps it working. The URL carries a content hash, so a day of caching never serves an
 * old version after an update.
 */
function bankAccountScript(path: string): { route: RouteDeclaration; url: string } {
  const source = readFileSync(SCRIPT_FILE);
  const version = createHash('sha256').update(source).digest('hex').slice(0, 12);
  return {
    url: `${path}?v=${version}`,
    route: defineRoute({
      method: 'GET',
      url: path,
      handler: async (_request, reply) =>
        reply.header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff').type('text/javascript; charset=utf-8').send(source),
    }),
  };
}
