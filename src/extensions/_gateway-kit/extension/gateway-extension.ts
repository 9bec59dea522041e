import type { ConsoleCommand, Extension, ExtensionHost, ExtensionRoutes, PaymentProvider } from '../../../platform/sdk/index.js';
import type { GatewayCustomFields } from './gateway-custom-fields.js';

type Declared<K extends keyof Extension> = NonNullable<Extension[K]>;

/** What a gateway extension declares; its shape (one method, a refund privilege, bank routes, a simulator command) is the kit's. */
export interface GatewayExtension {
  /** e.g. `ExtPayA`, the config prefix. */
  name: string;
  version: string;
  /** The gateway's display name; also the payment method's name ("Gateway A"). */
  gateway: string;
  description: string;
  refundPrivilege: string;
  config: Declared<'config'>;
  customFields: GatewayCustomFields<unknown>;
  /** The payment method: the host runs finalize, the webhook route (/<id>/webhook) and settlement for its provider. */
  paymentMethod: { technicalName: string; description: string; provider(host: ExtensionHost): PaymentProvider };
  /** `/<id>/bank/{list,verify,save}`, the form's script and the profile section. */
  bankRoutes: ExtensionRoutes;
  simulatorCommand: ConsoleCommand<ExtensionHost>;
}

/** A payment gateway's extension declaration. No tables of its own: method, custom fields and config defaults are written on install and update. */
export function gatewayExtension(gateway: GatewayExtension): Extension {
  return {
    name: gateway.name,
    version: gateway.version,
    label: `${gateway.gateway} payments`,
    description: gateway.description,
    privileges: [gateway.refundPrivilege],
    customFieldSets: gateway.customFields.sets,
    migrations: [gateway.customFields.sealMigration],
    config: gateway.config,
    paymentMethods: [{ ...gateway.paymentMethod, name: gateway.gateway }],
    routes: gateway.bankRoutes,
    commands: [gateway.simulatorCommand],
  };
}
