import { Type, type TSchema } from '@sinclair/typebox';
import { isPlainObject } from '../util/is-plain-object.js';
import type { DomainLayers } from './system-config-service.js';

/**
 * Typed settings of an extension (Shopware's config.xml, Vendure's handler args): one declaration per
 * setting gives its default, whether it is a secret, which scope it may be set in, how a stored value
 * reads back as a typed value, and the form element the Administration renders
 * (`GET /api/_action/system-config/schema?domain=<Name>.config`).
 */

/** `channel`: a sales channel may override the global value; `global`: only the global value counts. */
export type SettingScope = 'channel' | 'global';

/** Shopware's form element types (config.xml `<input-field type=...>`), plus `json` for structured values. */
export type SettingElementType = 'text' | 'password' | 'bool' | 'int' | 'url' | 'single-select' | 'textarea' | 'json' | 'media';

export interface Setting<T> {
  readonly element: SettingElementType;
  readonly card: string;
  readonly label: string;
  readonly helpText?: string;
  /** What install writes; undefined writes nothing. */
  readonly default?: unknown;
  readonly secret: boolean;
  readonly scope: SettingScope;
  /** JSON schema of the stored value. */
  readonly schema: TSchema;
  readonly options?: ReadonlyArray<{ value: string; label: string }>;
  /** The stored value (undefined when unset) as the typed value code works with. */
  read(stored: unknown): T;
}

interface BaseOptions {
  /** Name of the card (form section) the setting is shown in. */
  card: string;
  label: string;
  helpText?: string;
  scope?: SettingScope;
}

function trimmedText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function truthy(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

function make<T>(options: BaseOptions, rest: Omit<Setting<T>, 'card' | 'label' | 'helpText' | 'scope'> & { scope?: SettingScope }): Setting<T> {
  return { card: options.card, label: options.label, helpText: options.helpText, ...rest, scope: rest.scope ?? options.scope ?? 'channel' };
}

/** Setting constructors; each reads malformed stored values as unset, so a bad value never breaks a checkout. */
export const setting = {
  /** Free text, trimmed; empty reads as the default (or null). */
  text(options: BaseOptions & { default?: string; multiline?: boolean }): Setting<string | null> {
    return make(options, {
      element: options.multiline ? 'textarea' : 'text',
      default: options.default,
      secret: false,
      schema: Type.String(),
      read: (stored) => trimmedText(stored) ?? options.default ?? null,
    });
  },

  /** An http(s) URL, without a trailing slash; anything else reads as the default. */
  url(options: BaseOptions & { default: string }): Setting<string> {
    return make(options, {
      element: 'url',
      default: options.default,
      secret: false,
      schema: Type.String({ format: 'uri' }),
      read: (stored) => {
        const text = trimmedText(stored);
        return (text && /^https?:\/\/[^\s]+$/i.test(text) ? text : options.default).replace(/\/+$/, '');
      },
    });
  },

  /** Encrypted at rest, never returned by a read; null when not set. */
  secret(options: BaseOptions): Setting<string | null> {
    return make(options, { element: 'password', secret: true, schema: Type.String(), read: trimmedText });
  },

  boolean(options: BaseOptions & { default: boolean }): Setting<boolean> {
    return make(options, {
      element: 'bool',
      default: options.default,
      secret: false,
      schema: Type.Boolean(),
      read: (stored) => (stored === undefined || stored === null ? options.default : truthy(stored)),
    });
  },

  /** A whole number within [min, max]; unset reads as the default (or null), anything else as null. */
  integer(options: BaseOptions & { default?: number; min?: number; max?: number }): Setting<number | null> {
    const min = options.min ?? Number.MIN_SAFE_INTEGER;
    const max = options.max ?? Number.MAX_SAFE_INTEGER;
    return make(options, {
      element: 'int',
      default: options.default,
      secret: false,
      schema: Type.Integer({ minimum: options.min, maximum: options.max }),
      read: (stored) => {
        if (stored === undefined || stored === null) return options.default ?? null;
        const number = typeof stored === 'string' && stored.trim() !== '' ? Number(stored) : stored;
        return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max ? number : null;
      },
    });
  },

  /** One of fixed values (compared case-insensitively, read in the declared spelling). */
  select<V extends string>(options: BaseOptions & { options: ReadonlyArray<{ value: V; label: string }>; default: V }): Setting<V> {
    return make(options, {
      element: 'single-select',
      default: options.default,
      secret: false,
      options: options.options,
      schema: Type.Union(options.options.map((option) => Type.Literal(option.value))),
      read: (stored) => {
        const text = trimmedText(stored)?.toLowerCase();
        return options.options.find((option) => option.value.toLowerCase() === text)?.value ?? options.default;
      },
    });
  },

  /** The id of a media record (e.g. a logo); null when unset. */
  media(options: BaseOptions): Setting<string | null> {
    return make(options, { element: 'media', secret: false, schema: Type.String({ pattern: '^[0-9a-f]{32}$' }), read: trimmedText });
  },

  /**
   * Decimal amounts per currency in major units, e.g. `{"default":"1","NGN":"100"}`: stored entries
   * that are decimal strings or numbers override the defaults; keys are upper-cased (`default` stays).
   */
  amountPerCurrency(options: BaseOptions & { default: Readonly<Record<string, string>> }): Setting<Record<string, string>> {
    return make(options, {
      element: 'json',
      default: { ...options.default },
      secret: false,
      schema: Type.Record(Type.String(), Type.Union([Type.String({ pattern: '^\\d+(\\.\\d+)?$' }), Type.Number({ minimum: 0 })])),
      read: (stored) => {
        const table: Record<string, string> = { ...options.default };
        if (isPlainObject(stored)) {
          for (const [currency, amount] of Object.entries(stored)) {
            const text = trimmedText(amount);
            if (text && /^\d+(\.\d+)?$/.test(text)) table[currency === 'default' ? 'default' : currency.toUpperCase()] = text;
          }
        }
        return table;
      },
    });
  },
};

type Settings<F extends Record<string, Setting<unknown>>> = { readonly [K in keyof F]: F[K] extends Setting<infer T> ? T : never };

/** One element of the schema route's answer (Shopware's `system-config/schema` shape, plus `secret` and `scope`). */
export interface SettingElementSchema {
  name: string;
  type: SettingElementType;
  secret: boolean;
  scope: SettingScope;
  config: {
    label: Record<string, string>;
    helpText?: Record<string, string>;
    defaultValue?: unknown;
    options?: Array<{ id: string; name: Record<string, string> }>;
  };
  /** JSON schema of the value. */
  schema: TSchema;
}

export interface SettingCardSchema {
  name: string;
  title: Record<string, string>;
  elements: SettingElementSchema[];
}

export interface ConfigDefinition<F extends Record<string, Setting<unknown>> = Record<string, Setting<unknown>>> {
  /** e.g. `ExtPayB.config` */
  readonly domain: string;
  readonly fields: F;
  /** Keys without the domain prefix, as install writes them. */
  readonly defaults: Record<string, unknown>;
  /** Keys without the domain prefix whose values are encrypted and never returned. */
  readonly secrets: string[];
  /** The full key of a setting: `ExtPayB.config.secretKey`. */
  key(name: keyof F & string): string;
  /** Typed values from one read of the domain (global values for `global` settings, the channel's for others). */
  read(layers: DomainLayers): Settings<F>;
  /** The form description the Administration renders. */
  schema(): SettingCardSchema[];
}

const LOCALE = 'en-GB';

/** Declares an extension's settings; `cards` names the form sections in order. */
export function defineConfig<F extends Record<string, Setting<unknown>>>(
  extensionName: string,
  declaration: { cards: Record<string, string>; fields: F },
): ConfigDefinition<F> {
  const domain = `${extensionName}.config`;
  const entries = Object.entries(declaration.fields) as Array<[keyof F & string, Setting<unknown>]>;
  for (const [name, field] of entries) {
    if (!(field.card in declaration.cards)) throw new Error(`${domain}.${name}: card "${field.card}" is not declared`);
  }
  const key = (name: string) => `${domain}.${name}`;
  return {
    domain,
    fields: declaration.fields,
    defaults: Object.fromEntries(entries.filter(([, field]) => field.default !== undefined).map(([name, field]) => [name, field.default])),
    secrets: entries.filter(([, field]) => field.secret).map(([name]) => name),
    key,
    read(layers) {
      const values: Record<string, unknown> = {};
      for (const [name, field] of entries) {
        const source = field.scope === 'global' ? layers.global : layers.effective;
        values[name] = field.read(source[key(name)] ?? undefined);
      }
      return values as Settings<F>;
    },
    schema() {
      return Object.entries(declaration.cards).map(([card, title]) => ({
        name: card,
        title: { [LOCALE]: title },
        elements: entries
          .filter(([, field]) => field.card === card)
          .map(([name, field]) => ({
            name: key(name),
            type: field.element,
            secret: field.secret,
            scope: field.scope,
            config: {
              label: { [LOCALE]: field.label },
              ...(field.helpText ? { helpText: { [LOCALE]: field.helpText } } : {}),
              ...(field.default !== undefined ? { defaultValue: field.default } : {}),
              ...(field.options ? { options: field.options.map((option) => ({ id: option.value, name: { [LOCALE]: option.label } })) } : {}),
            },
            schema: field.schema,
          })),
      }));
    },
  };
}

export function isConfigDefinition(value: unknown): value is ConfigDefinition {
  return isPlainObject(value) && typeof value.domain === 'string' && typeof value.schema === 'function';
}
