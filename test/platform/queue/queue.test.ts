import { describe, expect, it } from 'vitest';
import { useTestPlatformWithExtension } from '../../helpers/test-platform.js';
import { waitFor } from '../../helpers/wait-for.js';

describe('job queue', () => {
  const suite = useTestPlatformWithExtension();

  const notes = async () => (await suite.t.platform.db.selectFrom('ext_test_note').select('title').execute()).map((r) => r.title);

  it('a message enqueued in a rolled-back transaction never exists; a committed one waits in the queue', async () => {
    await suite.t.api('POST', '/api/_action/ext-test/queue', { body: { title: 'rolled back', rollback: true } });
    await suite.t.api('POST', '/api/_action/ext-test/queue', { body: { title: 'committed' } });
    const stats = await suite.t.api('GET', '/api/_info/queue.json');
    expect(stats.statusCode).toBe(200);
    // the platform's own queues (sitemaps, mails) are listed beside the extension's
    expect(stats.json()).toEqual([
      { name: 'sitemap.generate', size: 0 },
      { name: 'import_export.process', size: 0 },
      { name: 'mail.send', size: 0 },
      { name: 'ext_test.note', size: 1 },
    ]);
  });

  it('the worker handles waiting messages', async () => {
    await suite.t.platform.queue.startWorker(0.5);
    await waitFor(async () => (await notes()).includes('committed'));
    expect(suite.fixture.received.messages).toEqual([{ title: 'committed' }]);
    expect(await notes()).not.toContain('rolled back');
    await waitFor(async () => (await suite.t.api('GET', '/api/_info/queue.json')).json().find((queue: { name: string }) => queue.name === 'ext_test.note').size === 0);
  });

  it('a failing message is retried and then kept as failed, visible through the API', async () => {
    await suite.t.api('POST', '/api/_action/ext-test/queue', { body: { title: 'doomed', fail: true } });
    const failed = await waitFor(async () => {
      const response = await suite.t.api('GET', '/api/_action/message-queue/failed');
      const data = response.json().data as Array<{ queue: string; data: { title: string }; retryCount: number; error: unknown }>;
      return data.length > 0 ? data : undefined;
    });
    expect(failed[0]).toMatchObject({ queue: 'ext_test.note', data: { title: 'doomed', fail: true }, retryCount: 1 });
    expect(JSON.stringify(failed[0]!.error)).toContain('handler failed on purpose');
    // first attempt plus one retry
    expect(suite.fixture.received.messages.filter((m) => (m as { title: string }).title === 'doomed')).toHaveLength(2);
  });

  it('the failed list needs message_queue:read', async () => {
    const token = await suite.t.tokenWithPrivileges(['system_config:read']);
    const response = await suite.t.api('GET', '/api/_action/message-queue/failed', { token });
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.json().errors[0].detail).missingPrivileges).toEqual(['message_queue:read']);
  });

  it('a bad limit on the failed list is a 400 pointing at the parameter', async () => {
    const response = await suite.t.api('GET', '/api/_action/message-queue/failed?limit=abc');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ status: '400', code: 'FRAMEWORK__INVALID_REQUEST_PARAMETER', source: { pointer: '/querystring/limit' } });
  });

  it('sending to a queue without a handler is a programming error', async () => {
    await expect(suite.t.platform.queue.send(suite.t.platform.db, 'nobody.listens', {})).rejects.toThrow(/No handler/);
  });
});
