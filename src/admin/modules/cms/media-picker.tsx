import { useState } from 'react';
import { Button, FileButton, Group, Image, Modal, Paper, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { EmptyState, LoadError, Loading, useApi, useCan, useLoad } from '../../sdk';

export interface MediaChoice {
  id: string;
  url: string | null;
  fileName: string | null;
  alt: string | null;
}

const ACCEPTED = 'image/png,image/jpeg,image/gif,image/webp';
const nameOf = (media: MediaChoice) => media.alt || media.fileName || 'Image';

/** The media records behind ids (for thumbnails of what a slot holds), read once per set of ids. */
export function useMediaById(ids: string[]) {
  const api = useApi();
  const key = [...new Set(ids)].sort().join(',');
  return useLoad(
    () =>
      key === ''
        ? Promise.resolve(new Map<string, MediaChoice>())
        : api.search<MediaChoice>('media', { ids: key.split(','), includes: { media: ['id', 'url', 'fileName', 'alt'] } }).then((answer) => new Map(answer.data.map((media) => [media.id, media]))),
    [key],
    { keepPrevious: true },
  );
}

/**
 * A dialog of the shop's images (searched by file name or title, newest first); a click picks one, or several
 * with `multiple`. A new file can be uploaded from here too (it becomes a media record at once).
 */
export function MediaPickerDialog(props: { title: string; multiple?: boolean; onPick: (ids: string[]) => void; onClose: () => void }) {
  const api = useApi();
  const can = useCan();
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 250);
  const [picked, setPicked] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [round, setRound] = useState(0);
  const media = useLoad(
    () =>
      api
        .search<MediaChoice>('media', {
          limit: 24,
          ...(term ? { term } : {}),
          filter: [{ type: 'prefix', field: 'mimeType', value: 'image/' }],
          sort: [{ field: 'createdAt', order: 'DESC' }],
          includes: { media: ['id', 'url', 'fileName', 'alt'] },
        })
        .then((answer) => answer.data),
    [term, round],
    { keepPrevious: true },
  );
  const choose = (id: string) => {
    if (!props.multiple) return props.onPick([id]);
    setPicked((current) => (current.includes(id) ? current.filter((other) => other !== id) : [...current, id]));
  };
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      const id = await api.uploadMedia(file);
      if (props.multiple) {
        setPicked((current) => [...current, id]);
        setRound((n) => n + 1);
      } else props.onPick([id]);
    } catch {
      // the client showed the API's message
    } finally {
      setUploading(false);
    }
  };
  return (
    <Modal opened onClose={props.onClose} title={props.title} size="xl">
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <TextInput label="Search images" placeholder="File name or title…" value={search} onChange={(e) => setSearch(e.currentTarget.value)} style={{ flex: 1 }} miw={180} />
          {can('media:create') && can('media:update') && (
            <FileButton onChange={upload} accept={ACCEPTED}>
              {(buttonProps) => (
                <Button {...buttonProps} variant="light" loading={uploading}>
                  Upload image
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {media.error ? (
          <LoadError error={media.error} onRetry={media.reload} />
        ) : !media.data ? (
          <Loading />
        ) : media.data.length === 0 ? (
          <EmptyState title="No images found">{term ? 'Change the search.' : 'Upload an image first.'}</EmptyState>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 4 }} role="list" aria-label="Images">
            {media.data.map((item) => {
              const selected = picked.includes(item.id);
              return (
                <UnstyledButton key={item.id} role="listitem" onClick={() => choose(item.id)} aria-pressed={props.multiple ? selected : undefined} aria-label={`Choose ${nameOf(item)}`}>
                  <Paper withBorder p={4} bd={selected ? '2px solid var(--mantine-color-indigo-7)' : undefined}>
                    {item.url ? <Image src={item.url} alt="" h={90} fit="contain" /> : <Text size="xs">No file</Text>}
                    <Text size="xs" truncate mt={4}>
                      {nameOf(item)}
                    </Text>
                  </Paper>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        )}
        {props.multiple && (
          <Group justify="flex-end">
            <Button onClick={() => props.onPick(picked)} disabled={picked.length === 0}>
              Add {picked.length || ''} {picked.length === 1 ? 'image' : 'images'}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

/** A thumbnail of a chosen image with its name. */
export function MediaThumb({ media, id }: { media: MediaChoice | undefined; id: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {media?.url ? <Image src={media.url} alt="" w={64} h={40} fit="contain" /> : null}
      <Text size="sm" truncate maw={220}>
        {media ? nameOf(media) : `Image ${id.slice(0, 8)} (not found)`}
      </Text>
    </Group>
  );
}
