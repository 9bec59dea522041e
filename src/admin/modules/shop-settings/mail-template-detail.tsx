import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LoadError, Loading, PageHeader, Section, useApi, useCan, useLoad, type ApiClient } from '../../sdk';
import { SaveProblems, useEntitySave } from '../../components/entity-form';
import { MailPreview, type RenderedMail } from './mail-preview';

interface Template {
  id: string;
  mailTemplateTypeId: string;
  salesChannelId: string | null;
  subject: string;
  senderName: string | null;
  contentHtml: string;
  contentPlain: string;
  updatedAt: string | null;
  mailTemplateType?: { name: string; technicalName: string; availableVariables?: Record<string, string> | null } | null;
}
type Content = Pick<Template, 'subject' | 'senderName' | 'contentHtml' | 'contentPlain'>;
const FIELDS = ['subject', 'senderName', 'contentHtml', 'contentPlain'];

async function loadTemplate(api: ApiClient, id: string) {
  const [template, channels] = await Promise.all([
    api.search<Template>('mail-template', { ids: [id], associations: { mailTemplateType: {} } }).then((answer) => answer.data[0] ?? Promise.reject(new Error('No such mail template.'))),
    api.search<{ id: string; name: string }>('sales-channel', { limit: 100, sort: [{ field: 'name', order: 'ASC' }] }, { quiet: [403] }).catch(() => ({ data: [], total: 0 })),
  ]);
  return { template, channels: channels.data.map((channel) => ({ value: channel.id, label: channel.name })) };
}

/**
 * A mail template: edit subject, sender name, HTML and plain text; preview them rendered with the type's
 * example data (`POST /api/_action/mail-template/preview`, before saving); send a test mail to an address
 * through the shop's mail service (`POST /api/_action/mail-template/send`, queued like every mail).
 */
export function MailTemplateDetail() {
  const { id } = useParams();
  const api = useApi();
  const can = useCan();
  const loaded = useLoad(() => loadTemplate(api, id!), [id]);
  const [form, setForm] = useState<Content>();
  const [preview, setPreview] = useState<RenderedMail | null>(null);
  const [recipient, setRecipient] = useState('');
  const [channelId, setChannelId] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const save = useEntitySave();
  const action = useEntitySave();
  useEffect(() => {
    if (!loaded.data) return;
    const { template, channels } = loaded.data;
    setForm({ subject: template.subject, senderName: template.senderName ?? '', contentHtml: template.contentHtml, contentPlain: template.contentPlain });
    setChannelId(template.salesChannelId ?? channels[0]?.value ?? null);
  }, [loaded.data]);

  if (loaded.error) return <LoadError error={loaded.error} onRetry={loaded.reload} />;
  if (!form || !loaded.data) return <Loading />;
  const { template, channels } = loaded.data;
  const editable = can('mail_template:update');
  const change = (patch: Partial<Content>) => setForm({ ...form, ...patch });
  // a field's error from whichever call refused it last
  const errorOf = (field: string) => save.errorOf(field) ?? action.errorOf(field);

  const submit = async () => {
    if (await save.run(() => api.patch(`/api/mail-template/${template.id}`, { ...form, senderName: form.senderName || null }, { quiet: [400, 409] }), { api, entity: 'mail-template', id: template.id, updatedAt: template.updatedAt })) {
      loaded.reload();
    }
  };
  const showPreview = () =>
    action.run(async () => {
      setPreview(await api.post<RenderedMail>('/api/_action/mail-template/preview', { mailTemplateId: template.id, ...(channelId ? { salesChannelId: channelId } : {}), ...form }, { quiet: [400] }));
    }, null, null);
  const sendTest = () =>
    action.run(async () => {
      setSent(null);
      await api.post(
        '/api/_action/mail-template/send',
        {
          recipients: { [recipient.trim()]: recipient.trim() },
          salesChannelId: channelId,
          mailTemplateTypeId: template.mailTemplateTypeId,
          subject: form.subject,
          senderName: form.senderName || template.mailTemplateType?.name || 'Shop',
          contentHtml: form.contentHtml,
          contentPlain: form.contentPlain,
        },
        { quiet: [400] },
      );
      setSent(`A test mail to ${recipient.trim()} is queued; it goes out through the shop's mail server within moments.`);
      notifications.show({ color: 'green', title: 'Test mail queued', message: recipient.trim() });
    }, null, null);

  return (
    <>
      <PageHeader
        title={template.mailTemplateType?.name ?? 'Mail template'}
        subtitle={<Anchor component={Link} to="/shop-settings/mail-templates" size="sm">All mail templates</Anchor>}
        actions={editable && <Button onClick={submit} loading={save.saving}>Save</Button>}
      />
      <SaveProblems conflict={save.conflict} errors={{ ...action.errors, ...save.errors }} fields={[...FIELDS, 'recipients']} onReload={loaded.reload} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Paper withBorder p="md">
          <Stack>
            <TextInput label="Subject" value={form.subject} onChange={(e) => change({ subject: e.currentTarget.value })} error={errorOf('subject')} readOnly={!editable} />
            <TextInput label="Sender name" value={form.senderName ?? ''} onChange={(e) => change({ senderName: e.currentTarget.value })} error={errorOf('senderName')} readOnly={!editable} />
            <Textarea label="HTML" autosize minRows={6} maxRows={20} ff="monospace" value={form.contentHtml} onChange={(e) => change({ contentHtml: e.currentTarget.value })} error={errorOf('contentHtml')} readOnly={!editable} />
            <Textarea label="Plain text" autosize minRows={4} maxRows={16} ff="monospace" value={form.contentPlain} onChange={(e) => change({ contentPlain: e.currentTarget.value })} error={errorOf('contentPlain')} readOnly={!editable} />
          </Stack>
        </Paper>
        <Stack>
          {editable && (
            <Section title="Preview and test mail">
              <Stack>
                <Select label="Sales channel" description="Whose header, footer, sender and shop name." data={channels} value={channelId} onChange={setChannelId} allowDeselect={false} />
                <Group>
                  <Button variant="light" onClick={showPreview} loading={action.saving}>
                    Preview
                  </Button>
                </Group>
                <Group align="flex-end" wrap="wrap">
                  <TextInput label="Test recipient" type="email" placeholder="you@example.com" value={recipient} onChange={(e) => setRecipient(e.currentTarget.value)} error={action.errorOf('recipients')} style={{ flex: 1, minWidth: 200 }} />
                  <Button onClick={sendTest} loading={action.saving} disabled={!recipient.trim() || !channelId}>
                    Send test mail
                  </Button>
                </Group>
                {sent && <Alert color="green" role="status" data-testid="test-mail-sent">{sent}</Alert>}
              </Stack>
            </Section>
          )}
          {preview && <MailPreview mail={preview} />}
        </Stack>
      </SimpleGrid>
    </>
  );
}
