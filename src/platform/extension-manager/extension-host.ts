import { executorOf, transaction } from '../database/transaction.js';
import { shopNameOf } from '../mail/mail-settings.js';
import { systemContext } from '../acl/context.js';
import { isId } from '../ids.js';
import type { CoreServices } from '../core-services.js';
import type { ExtensionHost, SettingsOf } from '../sdk/host.js';
import { MediaFileStore } from '../media/media-file-store.js';
import { uploadMediaFile } from '../media/media-upload.js';
import { ChangeCache } from '../database/change-cache.js';

/**
 * The ExtensionHost of one extension: a facade over the platform's services, so an extension sees only
 * what the SDK promises. Created once per extension and process.
 */
export function createExtensionHost(platform: CoreServices, extensionName: string): ExtensionHost {
  const db = platform.db;
  const mediaFiles = new MediaFileStore(platform.env.varDir);
  return {
    extensionName,
    appUrl: platform.env.appUrl,
    logger: platform.logger.child({ extension: extensionName }),
    db,
    transaction: (work, within) => transaction(within ?? db, work, (error) => platform.logger.error({ err: error, extension: extensionName }, 'after-commit task failed')),
    repository: (entity) => platform.repositories.get(entity),
    config: {
      async load(definition, salesChannelId = null) {
        return definition.read(await platform.systemConfig.getDomainLayers(definition.domain, salesChannelId)) as SettingsOf<typeof definition>;
      },
      async loadScopes(definition) {
        const scopes = await platform.systemConfig.getDomainScopes(definition.domain);
        return {
          channelIds: scopes.channelIds,
          forChannel: (salesChannelId) => definition.read(scopes.layersFor(salesChannelId)) as SettingsOf<typeof definition>,
        };
      },
      get: (key, salesChannelId = null) => platform.systemConfig.get(key, salesChannelId),
      set: (within, key, value, salesChannelId = null) => platform.systemConfig.set(within, key, value, salesChannelId),
      shopName: (salesChannelId) => shopNameOf(platform, salesChannelId),
    },
    stateMachines: {
      transition: (request) =>
        platform.stateMachines.tryTransition({
          within: request.within ?? db,
          entity: request.entity,
          id: request.id,
          action: request.action,
          context: request.context ?? systemContext,
          ...(request.customFields ? { customFields: request.customFields } : {}),
        }),
      currentState: (entity, id, within) => platform.stateMachines.currentState(within ?? db, entity, id),
    },
    events: { dispatch: (within, name, payload) => platform.events.dispatch(within, name, payload) },
    queue: { send: (within, queue, data, options) => platform.queue.send(within, queue, data, options) },
    leases: platform.leases,
    // no loadForUpdate: the transaction's row lock stays in the host
    orderTransactions: {
      load: (id, within) => platform.orderTransactions.load(id, within),
      idsByCustomField: (field, value, options) => platform.orderTransactions.idsByCustomField(field, value, options),
      mergeCustomFields: (within, id, patch) => platform.orderTransactions.mergeCustomFields(within, id, patch),
      payerOf: (orderId) => platform.orderTransactions.payerOf(orderId),
    },
    paymentRecords: platform.paymentRecords,
    sessions: platform.sessionPayloads,
    media: {
      async urlOf(mediaId) {
        if (!isId(mediaId)) return null;
        const media = await platform.repositories.get('media').get(mediaId, systemContext);
        // the read decorator gives `url` only once a file is uploaded
        return typeof media?.url === 'string' && /^https?:\/\//i.test(media.url) ? media.url : null;
      },
      async upload(within, file) {
        const stored = await uploadMediaFile(within, mediaFiles, file);
        return { path: stored.path, mimeType: stored.mimeType, fileSize: stored.fileSize };
      },
    },
    secrets: {
      encrypt: (plain) => platform.secrets.encrypt(plain),
      decrypt: (sealed) => platform.secrets.decrypt(sealed),
      openCustomFields: (entity, id, within) => platform.secretCustomFields.read(executorOf(within ?? db), entity, id),
    },
    entities: { names: () => platform.entities.all().map((entity) => entity.name).filter((name) => platform.isEntityAvailable(name)) },
    caches: { untilChanged: (tables, options) => new ChangeCache(platform.database.changes, tables, options) },
    mail: {
      installTypes: (within, declarations) => platform.mail.installTypes(within, declarations),
      send: (within, request) => platform.mail.enqueue(within, request),
      suppress: (uow) => platform.mail.suppress(uow),
    },
    sandbox: { limits: platform.sandbox.limits, run: (module, task, input, options) => platform.sandbox.run(module, task, input, options) },
  };
}
