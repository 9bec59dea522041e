import { setting } from '../../../platform/sdk/index.js';

/**
 * The settings every gateway has, to spread into its `defineConfig` fields: keys of both modes, the
 * mode switch, the API base URL (tests and local shops point it at the simulator), refunds and bank data.
 */
export function commonGatewaySettings(options: { apiBaseUrl: string; minimumRefundAmount: Readonly<Record<string, string>> }) {
  return {
    sandbox: setting.boolean({ card: 'api', label: 'Sandbox mode', helpText: "Use the sandbox keys (and hashes) instead of the live ones.", default: true }),
    secretKey: setting.secret({ card: 'api', label: 'Secret key (live)' }),
    secretKeySandbox: setting.secret({ card: 'api', label: 'Secret key (sandbox)' }),
    publicKey: setting.secret({ card: 'api', label: 'Public key (live)' }),
    publicKeySandbox: setting.secret({ card: 'api', label: 'Public key (sandbox)' }),
    apiBaseUrl: setting.url({
      card: 'api',
      label: 'API base URL',
      helpText: "The gateway's API; point it at the gateway simulator for local shops and tests.",
      default: options.apiBaseUrl,
    }),
    refundEnabled: setting.boolean({ card: 'refunds', label: 'Refunds enabled', default: true }),
    minimumRefundAmount: setting.amountPerCurrency({
      card: 'refunds',
      label: 'Minimum refund amount',
      helpText: 'Per currency in major units, e.g. {"NGN":"100","default":"1"}.',
      default: options.minimumRefundAmount,
    }),
    recheckEnabled: setting.boolean({
      card: 'recheck',
      label: 'Re-check unsettled payments',
      helpText: 'Asks the gateway again about payments still open 2, 10 and 30 minutes and 2, 6 and 24 hours after they started (lost webhook, customer who never came back); after the last try the order is marked needs review.',
      default: true,
    }),
    recheckScheduleEndHours: setting.integer({
      card: 'recheck',
      label: 'Re-check for (hours)',
      helpText: 'The tries end this many hours after the payment started (at most 24).',
      default: 24,
      min: 1,
      max: 24,
    }),
    collectBankData: setting.boolean({
      card: 'bank',
      label: 'Enable Bank Data Collection',
      helpText: 'Lets logged-in customers verify and save a bank account on their profile page.',
      default: false,
    }),
  };
}

/** The form section of the re-check settings, for a gateway's `cards`. */
export const RECHECK_CARD = { recheck: 'Payment re-check' } as const;

/** The keys of the mode in force. */
export interface ActiveKeys {
  sandbox: boolean;
  /** null when not configured: nothing can be sent to the gateway. */
  secretKey: string | null;
  publicKey: string | null;
}

export function activeKeys(settings: {
  sandbox: boolean;
  secretKey: string | null;
  secretKeySandbox: string | null;
  publicKey: string | null;
  publicKeySandbox: string | null;
}): ActiveKeys {
  return settings.sandbox
    ? { sandbox: true, secretKey: settings.secretKeySandbox, publicKey: settings.publicKeySandbox }
    : { sandbox: false, secretKey: settings.secretKey, publicKey: settings.publicKey };
}
