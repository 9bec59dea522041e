import { useState } from 'react';
import { Button, FileButton, Group, Image, Input, Paper, Text } from '@mantine/core';
import { useApi, useCan, useLoad } from '../../sdk';

const ACCEPTED = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * The storefront logo: a media id. Choosing a file uploads it at once (a new media record); the id is
 * saved with the channel's other settings, so leaving without saving keeps the old logo.
 */
export function LogoField(props: { mediaId: string; onChange: (mediaId: string) => void; error?: string; disabled: boolean }) {
  const { mediaId, onChange, error, disabled } = props;
  const api = useApi();
  const can = useCan();
  const [uploading, setUploading] = useState(false);
  const media = useLoad(
    () => (mediaId ? api.get<{ data: { url: string | null; fileName: string | null } }>(`/api/media/${mediaId}`, { quiet: [403, 404] }).then((answer) => answer.data).catch(() => null) : Promise.resolve(null)),
    [mediaId],
  );
  const canUpload = can('media:create') && can('media:update');
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      onChange(await api.uploadMedia(file));
    } catch {
      // the client showed the API's message (type not supported, file too large, …)
    } finally {
      setUploading(false);
    }
  };
  return (
    <Input.Wrapper label="Logo" description="PNG, JPEG, GIF or WebP; shown in a 160 × 40 box" error={error} mt="md">
      <Group mt={6} align="center" wrap="wrap">
        <Paper withBorder p={6} w={172} h={52} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          {media.data?.url ? (
            <Image src={media.data.url} alt="Current logo" w={160} h={40} fit="contain" data-testid="logo-preview" />
          ) : (
            <Text size="xs" c="dimmed">
              {mediaId ? 'Logo not found' : 'No logo: the shop name'}
            </Text>
          )}
        </Paper>
        {!disabled && canUpload && (
          <FileButton onChange={upload} accept={ACCEPTED}>
            {(props) => (
              <Button {...props} variant="light" size="xs" loading={uploading}>
                Upload logo
              </Button>
            )}
          </FileButton>
        )}
        {!disabled && mediaId && (
          <Button variant="subtle" size="xs" color="red" onClick={() => onChange('')}>
            Remove logo
          </Button>
        )}
      </Group>
    </Input.Wrapper>
  );
}
