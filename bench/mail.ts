import nunjucks from 'nunjucks';
import { newId } from '../src/platform/ids.js';
import { defaultShopId } from '../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../src/platform/first-start/default-shop.js';
import type { Platform } from '../src/platform/kernel.js';
import { composeMail, frameOf } from '../src/platform/mail/mail-composer.js';
import { MAIL_QUEUE } from '../src/platform/mail/mail-job.js';
import { renderMail } from '../src/platform/mail/rendering/render-mail.js';
import { orderConfirmationMailType } from '../src/platform/mail/types/order-mail-types.js';
import { sampleOrder } from '../src/platform/mail/types/sample-order.js';
import { benchProduct, storeApiOf } from './fixtures.js';
import type { BenchClient } from './loopback-client.js';
import { compared, measure, summarize, type Row } from './measure.js';

const RENDER_RUNS = 2000;
const ORDER_ROUNDS = 6;
const ORDERS_PER_ROUND = 10;

/**
 * Mails: rendering an order confirmation of 20 lines (the sandboxed renderer: subject, sender name, both
 * bodies, header and footer) against stock nunjucks rendering the same sources in the same run; composing
 * one from the database; and order placement with the confirmation queued against queuing replaced by a no-op,
 * first without a worker (the cost of the queue insert), then with the worker sending in the same process,
 * each pair interleaved in rounds so drift hits both alike.
 */
export async function mailCases(platform: Platform, http: BenchClient): Promise<Row[]> {
  const template = orderConfirmationMailType.defaultTemplate;
  const frame = await frameOf(platform, DEFAULT_SALES_CHANNEL_ID);
  const variables = { order: sampleOrder(20), shopName: 'Demo Shop', salesChannel: { name: 'Storefront' }, storefrontUrl: 'http://localhost:8000' };
  const sandboxed = await measure('mail: render the order confirmation, 20 lines (sandboxed, with header and footer)', RENDER_RUNS, async () => renderMail(template, frame, variables), 500);
  const bare = bareRender(template, frame);
  const baseline = await measure('mail: stock nunjucks rendering the same sources', RENDER_RUNS, async () => bare(variables), 500);

  // one real order for the compose row
  const storeApi = await storeApiOf(platform, http);
  const token = (await storeApi('POST', '/store-api/account/register', undefined, registration())).headers['sw-context-token'] as string;
  const product = await benchProduct(platform, 'mail');
  const placeOrder = async () => {
    await storeApi('POST', '/store-api/checkout/cart/line-item', token, { items: [{ type: 'product', referencedId: product, quantity: 3 }] });
    const started = performance.now();
    const answer = await storeApi('POST', '/store-api/checkout/order', token, {});
    return { ms: performance.now() - started, orderId: answer.json().id as string };
  };
  const { orderId } = await placeOrder();
  const job = { mailId: newId(), type: orderConfirmationMailType.technicalName, dedupeKey: `bench:${newId()}`, salesChannelId: DEFAULT_SALES_CHANNEL_ID, references: { orderId } };
  const compose = await measure('mail: compose an order confirmation from the database (order read + render)', 200, () => composeMail(platform, job));

  // phase 1, no worker: what queuing the mail costs the request (one insert in the order's transaction);
  // phase 2, the worker sending in this process meanwhile (on the embedded database it shares the one connection)
  const enqueue = platform.mail.enqueue.bind(platform.mail);
  const noOp = async () => undefined;
  const phase = async (modes: Array<[label: string, queue: typeof enqueue]>) => {
    const times = modes.map(() => [] as number[]);
    for (let round = 0; round < ORDER_ROUNDS; round++) {
      for (const [index, [, queue]] of modes.entries()) {
        platform.mail.enqueue = queue;
        for (let i = 0; i < ORDERS_PER_ROUND + (round === 0 ? 3 : 0); i++) {
          const { ms } = await placeOrder();
          // the first three of the first round warm up
          if (round > 0 || i >= 3) times[index]!.push(ms);
        }
      }
    }
    platform.mail.enqueue = enqueue;
    return modes.map(([label], index) => summarize(label, times[index]!));
  };
  const [without, queued] = await phase([
    ['POST /store-api/checkout/order (1 item), mail queuing replaced by a no-op', noOp],
    ['POST /store-api/checkout/order (1 item), confirmation queued, no worker running', enqueue],
  ]);
  await platform.queue.startWorker(0.5, [MAIL_QUEUE]);
  const [withoutAgain, sending] = await phase([
    ['POST /store-api/checkout/order (1 item), no-op queuing, worker running', noOp],
    ['POST /store-api/checkout/order (1 item), confirmation queued, the worker sending each in this process', enqueue],
  ]);
  return [
    { ...compared(sandboxed, baseline, '< 1 ms p50'), target: '< 1 ms p50 (ratio: the sandbox)' },
    baseline,
    compose,
    without!,
    compared(queued!, without!, '≈ 1× (within noise)'),
    withoutAgain!,
    compared(sending!, withoutAgain!, '≈ 1× (within noise)'),
  ];
}

/** Stock nunjucks (its own environments, no sandbox, no limits) rendering the same sources. */
function bareRender(template: typeof orderConfirmationMailType.defaultTemplate, frame: Awaited<ReturnType<typeof frameOf>>) {
  const html = new nunjucks.Environment([], { autoescape: true });
  const text = new nunjucks.Environment([], { autoescape: false });
  for (const environment of [html, text]) {
    environment.addFilter('currency', (amount: number) => `€${Number(amount).toFixed(2)}`);
    environment.addFilter('date', (value: string) => new Date(value).toISOString());
  }
  const compile = (source: string | null | undefined, environment: nunjucks.Environment) => (source ? nunjucks.compile(source, environment) : undefined);
  const parts = [
    compile(template.subject, text),
    compile(template.senderName, text),
    compile(frame?.headerHtml, html),
    compile(template.contentHtml, html),
    compile(frame?.footerHtml, html),
    compile(frame?.headerPlain, text),
    compile(template.contentPlain, text),
    compile(frame?.footerPlain, text),
  ];
  return (variables: object) => parts.map((part) => part?.render(variables) ?? '').join('\n');
}

function registration() {
  return {
    email: `mail-bench-${newId().slice(0, 8)}@example.com`,
    password: 'bench-password-1',
    firstName: 'Bench',
    lastName: 'Mark',
    billingAddress: { street: 'Main 1', city: 'Berlin', countryId: defaultShopId('country', 'DE') },
  };
}
