import { useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { Section, useApi } from '../../sdk';
import { newAccessKey, type ChannelRecord } from './channel-data';

/**
 * The Store API access key (`sw-access-key`). Only its start is shown; a new one replaces it at once
 * (front ends with the old key stop working) and is shown in full until the page is left.
 */
export function AccessKeySection(props: { channel: ChannelRecord; disabled: boolean; onRegenerated: () => void }) {
  const { channel, disabled, onRegenerated } = props;
  const api = useApi();
  const [confirming, setConfirming] = useState(false);
  const [fresh, setFresh] = useState<string>();
  const [busy, setBusy] = useState(false);
  const regenerate = async () => {
    setBusy(true);
    try {
      const accessKey = newAccessKey();
      await api.patch(`/api/sales-channel/${channel.id}`, { accessKey });
      setFresh(accessKey);
      setConfirming(false);
      onRegenerated();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section
      title="API access"
      actions={
        !disabled && (
          <Button size="xs" variant="light" color="orange" onClick={() => setConfirming(true)}>
            Generate new access key
          </Button>
        )
      }
    >
      {fresh ? (
        <Alert color="green" title="New access key" role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Copy it now into your front ends: it is shown here once.</Text>
            <Code data-testid="new-access-key" style={{ overflowWrap: 'anywhere' }}>
              {fresh}
            </Code>
            <CopyButton value={fresh}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Alert>
      ) : (
        <Text size="sm">
          Store API access key: <Code>{channel.accessKey.slice(0, 8)}…</Code>
        </Text>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Generate a new access key?">
        <Stack>
          <Text size="sm">Front ends and apps that use the current key of {channel.name} stop working until they get the new one.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="orange" onClick={regenerate} loading={busy}>
              Generate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}
