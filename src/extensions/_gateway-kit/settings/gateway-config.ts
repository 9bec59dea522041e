import { defineConfig, type ConfigDefinition, type Setting, type SettingsOf } from '../../../platform/sdk/index.js';
import { commonGatewaySettings, RECHECK_CARD } from './gateway-settings.js';
import { gatewaySettingsOf, settingsReader, type GatewaySettings, type SettingsReader } from './settings-reader.js';

type CommonFields = ReturnType<typeof commonGatewaySettings>;
/** The common settings with the gateway's own added (or one of them declared again). */
type Fields<X> = Omit<CommonFields, keyof X> & X;

/** A gateway's settings (`<extension>.config.*`): the definition the extension declares and how the gateway reads it. */
export interface GatewayConfig<F extends Record<string, Setting<unknown>>, S> extends SettingsReader<S> {
  definition: ConfigDefinition<F>;
  /** What install writes (keys without the prefix). */
  defaults: Readonly<Record<string, unknown>> & { sandbox: boolean };
  key(name: keyof F & string): string;
}

/**
 * The kit's common settings (keys of both modes, the API base URL, refunds, re-check, bank data) plus the
 * gateway's own `fields`, whose form sections (`cards`) come after the API keys; `settings` turns one
 * scope's values into what the gateway's code reads.
 */
export function gatewayConfig<const X extends Record<string, Setting<unknown>>, S extends GatewaySettings>(
  extensionName: string,
  options: {
    apiBaseUrl: string;
    minimumRefundAmount: Readonly<Record<string, string>>;
    cards?: Record<string, string>;
    fields: X;
    settings(raw: SettingsOf<ConfigDefinition<Fields<X>>>, common: GatewaySettings): S;
  },
): GatewayConfig<Fields<X>, S> {
  const fields = { ...commonGatewaySettings(options), ...options.fields } as Fields<X>;
  const cards = { api: 'API keys', ...options.cards, refunds: 'Refunds', bank: 'Bank details', ...RECHECK_CARD };
  const definition = defineConfig(extensionName, { cards, fields });
  // a gateway may declare a common setting again (gateway A's `sandbox`), never with another type
  const reader = settingsReader(definition, (raw) => options.settings(raw, gatewaySettingsOf(raw as unknown as Parameters<typeof gatewaySettingsOf>[0])));
  return { definition, defaults: definition.defaults as GatewayConfig<Fields<X>, S>['defaults'], key: definition.key, ...reader };
}
