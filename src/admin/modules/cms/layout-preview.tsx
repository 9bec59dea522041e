import { useState } from 'react';
import { Anchor, Box, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';

export const PREVIEW_WIDTHS = [390, 768, 1280] as const;
/** How tall the scaled preview stands in the column; the frame's own height is this divided by the scale. */
const SHOWN_HEIGHT = 720;

/**
 * The saved layout as the shop draws it (`/cms-preview/{id}`, the storefront's one page the Administration
 * may frame) at a phone's, a tablet's or a desktop's width: the frame has that width, so the shop's own media
 * queries apply, and is scaled down to fit the column. `version` changes after each save and reloads it.
 */
export function LayoutPreview({ layoutId, version, unsaved }: { layoutId: string | null; version: string; unsaved: boolean }) {
  const [width, setWidth] = useState<number>(PREVIEW_WIDTHS[0]);
  const { ref, width: room } = useElementSize();
  const scale = room > 0 ? Math.min(1, room / width) : 1;
  // a desktop's frame scaled to a third shows three times as much of the page in the same space
  const frameHeight = Math.round(SHOWN_HEIGHT / scale);
  const src = layoutId ? `/cms-preview/${layoutId}?v=${encodeURIComponent(version)}` : null;
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <SegmentedControl
          size="xs"
          aria-label="Preview width"
          value={String(width)}
          onChange={(value) => setWidth(Number(value))}
          data={PREVIEW_WIDTHS.map((entry) => ({ value: String(entry), label: `${entry} px` }))}
        />
        {src && (
          <Anchor href={src} target="_blank" rel="noopener" size="sm">
            Open in a new tab
          </Anchor>
        )}
      </Group>
      {unsaved && (
        <Text size="sm" c="orange.9" role="status">
          Unsaved changes: the preview shows the layout as last saved.
        </Text>
      )}
      <Box ref={ref} w="100%" style={{ overflow: 'hidden', height: SHOWN_HEIGHT, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, background: 'white' }}>
        {src ? (
          <iframe
            key={`${width}`}
            src={src}
            title={`Preview at ${width} px`}
            data-testid="layout-preview"
            width={width}
            height={frameHeight}
            style={{ border: 0, transform: `scale(${scale})`, transformOrigin: 'top left', display: 'block' }}
          />
        ) : (
          <Text size="sm" c="dimmed" p="md">
            Save the layout to see it as the shop draws it.
          </Text>
        )}
      </Box>
    </Stack>
  );
}
