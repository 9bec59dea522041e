import { useState } from 'react';
import { Badge, Button, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Dropzone, IMAGE_MIME_TYPE } from '@mantine/dropzone';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import '@mantine/dropzone/styles.css';
import { useApi } from '../../sdk';
import { newEntityId } from '../../components/entity-form';
import type { ProductMediaRow } from './catalogue-data';

function Tile({ row, index, cover, disabled, onCover, onRemove }: { row: ProductMediaRow; index: number; cover: boolean; disabled: boolean; onCover: () => void; onRemove: () => void }) {
  const sortable = useSortable({ id: row.id, disabled });
  const name = row.media?.fileName ?? `Image ${index + 1}`;
  return (
    <Paper
      withBorder
      p="xs"
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition }}
      data-testid="product-media-tile"
    >
      <Stack gap={4}>
        <div {...sortable.attributes} {...sortable.listeners} aria-label={`Move ${name}`} style={{ cursor: disabled ? 'default' : 'grab' }}>
          {row.media?.url ? <Image src={row.media.url} alt={name} h={96} w="100%" fit="contain" width={160} height={96} /> : <Text size="xs">{name}</Text>}
        </div>
        <Group gap={4} justify="space-between" wrap="nowrap">
          {cover ? <Badge size="sm" color="green">Cover</Badge> : !disabled && <Button size="compact-xs" variant="subtle" onClick={onCover} aria-label={`Make ${name} the cover`}>Cover</Button>}
          {!disabled && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${name}`}>
              Remove
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * A product's images: files dropped (or chosen) are uploaded at once into new media records; the tiles
 * are ordered by dragging (or with the keyboard), their order becomes `position`; one is the cover.
 * The product's save writes the rows; an uploaded file without a save stays in the media library.
 */
export function ProductMedia(props: {
  value: ProductMediaRow[];
  onChange: (rows: ProductMediaRow[]) => void;
  coverId: string | null;
  onCover: (id: string | null) => void;
  disabled: boolean;
}) {
  const api = useApi();
  const [uploading, setUploading] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  async function upload(files: File[]) {
    setUploading(true);
    try {
      const added: ProductMediaRow[] = [];
      for (const file of files) {
        const mediaId = await api.uploadMedia(file);
        const media = await api.get<{ data: { url: string | null; fileName: string | null } }>(`/api/media/${mediaId}`);
        added.push({ id: newEntityId(), mediaId, position: 0, media: media.data });
      }
      const rows = [...props.value, ...added].map((row, position) => ({ ...row, position }));
      props.onChange(rows);
      if (!props.coverId && rows[0]) props.onCover(rows[0].id);
    } catch {
      // the client showed the API's message
    } finally {
      setUploading(false);
    }
  }

  function dragEnd(event: DragEndEvent) {
    if (!event.over || event.active.id === event.over.id) return;
    const from = props.value.findIndex((row) => row.id === event.active.id);
    const to = props.value.findIndex((row) => row.id === event.over!.id);
    props.onChange(arrayMove(props.value, from, to).map((row, position) => ({ ...row, position })));
  }

  return (
    <Stack>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd}>
        <SortableContext items={props.value.map((row) => row.id)} strategy={rectSortingStrategy}>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {props.value.map((row, index) => (
              <Tile
                key={row.id}
                row={row}
                index={index}
                cover={row.id === props.coverId}
                disabled={props.disabled}
                onCover={() => props.onCover(row.id)}
                onRemove={() => {
                  props.onChange(props.value.filter((other) => other.id !== row.id).map((other, position) => ({ ...other, position })));
                  if (props.coverId === row.id) props.onCover(null);
                }}
              />
            ))}
          </SimpleGrid>
        </SortableContext>
      </DndContext>
      {!props.disabled && (
        <Dropzone onDrop={upload} accept={IMAGE_MIME_TYPE} loading={uploading} maxSize={10 * 1024 * 1024} aria-label="Upload images" inputProps={{ 'aria-label': 'Image files' }}>
          <Text ta="center" size="sm" py="md">
            Drop images here or click to choose (JPG, PNG, GIF, WebP)
          </Text>
        </Dropzone>
      )}
    </Stack>
  );
}
