import { useEffect, useRef, useState } from 'react';
import { Anchor, Box, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useElementSize } from '@mantine/hooks';
import { ApiError, useApi } from '../../sdk';
import type { DraftLayout } from './layout-model';

export const PREVIEW_WIDTHS = [390, 768, 1280] as const;
/** How tall the scaled preview stands in the column; the frame's own height is this divided by the scale. */
const SHOWN_HEIGHT = 720;
/** The pause in editing after which the preview is drawn again. */
export const PREVIEW_DELAY_MS = 400;

/**
 * The draft in the editor as the shop would draw it, unsaved changes included: 400 ms after the last change
 * the draft is sent to `POST /cms-preview` (nothing is stored) and the page it answers is shown in a `srcdoc`
 * frame at a phone's, a tablet's or a desktop's width, so the shop's own media queries apply, scaled down to fit
 * the column. The frame keeps its scroll position across redraws. A newer answer always wins over an older one.
 */
export function LayoutPreview({ layoutId, draft, unsaved }: { layoutId: string | null; draft: DraftLayout; unsaved: boolean }) {
  const api = useApi();
  const [width, setWidth] = useState<number>(PREVIEW_WIDTHS[0]);
  const { ref, width: room } = useElementSize();
  const scale = room > 0 ? Math.min(1, room / width) : 1;
  // a desktop's frame scaled to a third shows three times as much of the page in the same space
  const frameHeight = Math.round(SHOWN_HEIGHT / scale);
  const [sent] = useDebouncedValue(JSON.stringify(draft), PREVIEW_DELAY_MS);
  const [html, setHtml] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const scrollY = useRef(0);
  const latest = useRef(0);

  useEffect(() => {
    const request = ++latest.current;
    api
      .post<string>('/cms-preview', { cmsPageId: layoutId, ...(JSON.parse(sent) as DraftLayout) }, { quiet: [400, 413] })
      .then((page) => {
        if (request !== latest.current) return;
        scrollY.current = frame.current?.contentWindow?.scrollY ?? 0;
        setHtml(typeof page === 'string' ? page : null);
        setProblem(null);
      })
      .catch((error: unknown) => {
        if (request !== latest.current) return;
        setProblem(error instanceof ApiError ? error.message : 'The preview could not be drawn.');
      });
  }, [api, layoutId, sent]);

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <SegmentedControl
          size="xs"
          aria-label="Preview width"
          value={String(width)}
          onChange={(value) => {
            scrollY.current = 0;
            setWidth(Number(value));
          }}
          data={PREVIEW_WIDTHS.map((entry) => ({ value: String(entry), label: `${entry} px` }))}
        />
        {layoutId && (
          <Anchor href={`/cms-preview/${layoutId}`} target="_blank" rel="noopener" size="sm">
            Open the saved layout in a new tab
          </Anchor>
        )}
      </Group>
      {unsaved && (
        <Text size="sm" role="status">
          <strong>Unsaved changes:</strong> the preview shows them; the shop shows the saved layout until you save.
        </Text>
      )}
      {problem && (
        <Text size="sm" c="red.9" role="alert">
          The preview cannot show this draft: {problem}
        </Text>
      )}
      <Box ref={ref} w="100%" style={{ overflow: 'hidden', height: SHOWN_HEIGHT, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, background: 'white' }}>
        {html !== null ? (
          <iframe
            key={`${width}`}
            ref={frame}
            srcDoc={html}
            title={`Preview at ${width} px`}
            data-testid="layout-preview"
            width={width}
            height={frameHeight}
            onLoad={() => frame.current?.contentWindow?.scrollTo(0, scrollY.current)}
            style={{ border: 0, transform: `scale(${scale})`, transformOrigin: 'top left', display: 'block' }}
          />
        ) : (
          <Text size="sm" c="dimmed" p="md">
            {problem ? 'No preview.' : 'Drawing the preview…'}
          </Text>
        )}
      </Box>
    </Stack>
  );
}
