import sanitizeHtml from 'sanitize-html';
import { Box, Code, Paper, Stack, Tabs, Text } from '@mantine/core';

export interface RenderedMail {
  subject: string;
  senderName: string;
  contentHtml: string;
  contentPlain: string;
}

/**
 * A rendered mail as the recipient's client would show its structure: the HTML without scripts, styles
 * or inline `style` (the Administration's CSP allows no inline styles; a mail client applies them), and the plain text.
 */
export function MailPreview({ mail }: { mail: RenderedMail }) {
  const html = sanitizeHtml(mail.contentHtml, {
    allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img', 'h1', 'h2']),
    allowedAttributes: { a: ['href'], img: ['src', 'alt', 'width', 'height'], td: ['colspan'], th: ['colspan'] },
    allowedSchemes: ['http', 'https', 'mailto', 'data'],
  });
  return (
    <Paper withBorder p="md" data-testid="mail-preview">
      <Stack gap="xs">
        <Text size="sm">
          <Text span c="dimmed" size="sm">From: </Text>
          {mail.senderName}
        </Text>
        <Text size="sm" fw={600}>
          <Text span c="dimmed" size="sm" fw={400}>Subject: </Text>
          {mail.subject}
        </Text>
        <Tabs defaultValue="html">
          <Tabs.List>
            <Tabs.Tab value="html">HTML</Tabs.Tab>
            <Tabs.Tab value="plain">Plain text</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="html" pt="sm">
            <Box dangerouslySetInnerHTML={{ __html: html }} />
          </Tabs.Panel>
          <Tabs.Panel value="plain" pt="sm">
            <Code block>{mail.contentPlain}</Code>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  );
}
