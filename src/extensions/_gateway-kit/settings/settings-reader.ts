import type { ConfigDefinition, ExtensionHost, RecheckSettings, SettingsOf, SettingsScopes } from '../../../platform/sdk/index.js';
import { activeKeys } from './gateway-settings.js';

/** What every gateway reads of its settings for one sales channel (channel values over global ones), the active mode's keys picked. */
export interface GatewaySettings {
  sandbox: boolean;
  /** Without a trailing slash. */
  apiBaseUrl: string;
  /** The active mode's secret key (API calls; gateway A's webhook signatures too); null when not configured. */
  secretKey: string | null;
  publicKey: string | null;
  refundEnabled: boolean;
  minimumRefundAmount: Record<string, string>;
  collectBankData: boolean;
  /** The host's re-check of unsettled payments for this channel. */
  recheck: RecheckSettings;
}

/** The common part of a gateway's settings, from the raw values of `commonGatewaySettings()`. */
export function gatewaySettingsOf(raw: {
  sandbox: boolean;
  secretKey: string | null;
  secretKeySandbox: string | null;
  publicKey: string | null;
  publicKeySandbox: string | null;
  apiBaseUrl: string;
  refundEnabled: boolean;
  minimumRefundAmount: Record<string, string>;
  collectBankData: boolean;
  recheckEnabled: boolean;
  recheckScheduleEndHours: number | null;
}): GatewaySettings {
  const { apiBaseUrl, refundEnabled, minimumRefundAmount, collectBankData } = raw;
  const recheck = { enabled: raw.recheckEnabled, scheduleEndHours: Math.min(raw.recheckScheduleEndHours ?? 24, 24) };
  return { ...activeKeys(raw), apiBaseUrl, refundEnabled, minimumRefundAmount, collectBankData, recheck };
}

/** How a gateway reads its settings: kept per process until they change, so a read costs no statement. */
export interface SettingsReader<S> {
  /** One sales channel's settings (null: the global scope) in one query. */
  read(host: ExtensionHost, salesChannelId: string | null): Promise<S>;
  /** Every scope in one query: for a webhook, which learns the sales channel later or tries each scope's key. */
  readScopes(host: ExtensionHost): Promise<SettingsScopes<S>>;
}

export function settingsReader<D extends ConfigDefinition, S>(definition: D, toSettings: (raw: SettingsOf<D>) => S): SettingsReader<S> {
  return {
    read: async (host, salesChannelId) => toSettings(await host.config.load(definition, salesChannelId)),
    async readScopes(host) {
      const scopes = await host.config.loadScopes(definition);
      return { channelIds: scopes.channelIds, forChannel: (salesChannelId) => toSettings(scopes.forChannel(salesChannelId)) };
    },
  };
}
