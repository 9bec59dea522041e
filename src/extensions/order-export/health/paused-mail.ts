import type { MailTypeDeclaration } from '../../../platform/sdk/index.js';

export const TARGET_PAUSED_MAIL = 'ext_order_export.target_paused';

/** The mail to the shop's admin address when a target was paused because it kept failing. */
export const targetPausedMail: MailTypeDeclaration = {
  technicalName: TARGET_PAUSED_MAIL,
  name: 'Order export target paused',
  availableVariables: {
    targetName: 'The target\'s name.',
    reason: 'Why it was paused, e.g. "20 failures in a row".',
    lastError: 'The last failure as recorded (no secrets).',
    adminUrl: 'The Administration\'s order export page.',
  },
  templateData: { targetName: 'ERP', reason: '20 failures in a row', lastError: 'the target answered 503', adminUrl: 'https://shop.example/admin/order-export' },
  defaultTemplate: {
    subject: 'Order export to {{ targetName }} paused',
    senderName: '{{ shopName }}',
    contentHtml:
      '<p>The order export target <b>{{ targetName }}</b> was paused: {{ reason }}.</p><p>Last failure: {{ lastError }}</p>' +
      '<p>Orders are held until you resume it; resuming sends them. <a href="{{ adminUrl }}">Open order export</a></p>',
    contentPlain:
      'The order export target {{ targetName }} was paused: {{ reason }}.\n\nLast failure: {{ lastError }}\n\n' +
      'Orders are held until you resume it; resuming sends them: {{ adminUrl }}',
  },
};
