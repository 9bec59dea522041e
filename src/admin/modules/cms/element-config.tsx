import { useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Input, Paper, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { idsIn, type DraftSlot, type SlotConfig } from './layout-model';
import { MediaPickerDialog, MediaThumb, useMediaById } from './media-picker';
import { ProductPicker, ProductsPicker } from './product-picker';

interface ConfigProps {
  slot: DraftSlot;
  onChange: (config: SlotConfig) => void;
  /** The API's message for this slot's config (`…/slots/N/config`), shown at the field. */
  error?: string;
  disabled: boolean;
  /** What names the fields for screen readers when a layout has several of one kind ("Block 3"). */
  label: string;
  /** Only these config fields (a page's override of the content); all the element has when absent. */
  fields?: readonly string[];
}

const shows = (props: ConfigProps, field: string) => !props.fields || props.fields.includes(field);

const staticValue = (config: SlotConfig, field: string) => (config[field]?.source === 'static' ? config[field]!.value : undefined);
const set = (config: SlotConfig, field: string, value: unknown): SlotConfig => ({ ...config, [field]: { source: 'static', value } });

/** Text: HTML typed as it is (the shop sanitises it when it draws the page), or a field of the page's entity. */
function TextConfig({ slot, onChange, error, disabled, label }: ConfigProps) {
  const content = slot.config.content;
  const mapped = content?.source === 'mapped';
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        aria-label={`${label}: text source`}
        value={mapped ? 'mapped' : 'static'}
        onChange={(value) => onChange({ ...slot.config, content: value === 'mapped' ? { source: 'mapped', value: 'category.description' } : { source: 'static', value: '' } })}
        data={[{ value: 'static', label: 'Own text' }, { value: 'mapped', label: "Page's field" }]}
        disabled={disabled}
      />
      {mapped ? (
        <TextInput
          label={`${label}: field`}
          description="A field of the page's category, landing page or product, e.g. category.description or product.name"
          value={typeof content?.value === 'string' ? content.value : ''}
          onChange={(e) => onChange({ ...slot.config, content: { source: 'mapped', value: e.currentTarget.value } })}
          error={error}
          disabled={disabled}
        />
      ) : (
        <Textarea
          label={`${label}: text`}
          description="HTML allowed: headings, paragraphs, lists, links, images; scripts are removed when the shop draws it"
          autosize
          minRows={4}
          value={typeof content?.value === 'string' ? content.value : ''}
          onChange={(e) => onChange(set(slot.config, 'content', e.currentTarget.value))}
          error={error}
          disabled={disabled}
        />
      )}
    </Stack>
  );
}

/** One image with an optional link. */
function ImageConfig(props: ConfigProps) {
  const { slot, onChange, error, disabled, label } = props;
  const [picking, setPicking] = useState(false);
  const [mediaId] = idsIn(staticValue(slot.config, 'media'));
  const media = useMediaById(mediaId ? [mediaId] : []);
  const url = staticValue(slot.config, 'url');
  return (
    <Stack gap="xs">
      <Input.Wrapper label={`${label}: image`} error={error}>
        <Group mt={4} wrap="wrap">
          {mediaId ? <MediaThumb id={mediaId} media={media.data?.get(mediaId)} /> : <Text size="sm" c="dimmed">No image chosen</Text>}
          {!disabled && (
            <Button size="xs" variant="light" onClick={() => setPicking(true)}>
              {mediaId ? 'Change image' : 'Choose image'}
            </Button>
          )}
        </Group>
      </Input.Wrapper>
      {shows(props, 'url') && (
        <>
          <TextInput label={`${label}: link`} description="A shop path (/navigation/…) or an http(s) address; empty for none" value={typeof url === 'string' ? url : ''} onChange={(e) => onChange(set(slot.config, 'url', e.currentTarget.value || null))} disabled={disabled} />
          <Checkbox label="Open the link in a new tab" checked={staticValue(slot.config, 'newTab') === true} onChange={(e) => onChange(set(slot.config, 'newTab', e.currentTarget.checked))} disabled={disabled} />
        </>
      )}
      {picking && (
        <MediaPickerDialog
          title="Choose an image"
          onClose={() => setPicking(false)}
          onPick={([id]) => {
            setPicking(false);
            if (id) onChange(set(slot.config, 'media', id));
          }}
        />
      )}
    </Stack>
  );
}

interface SliderItem {
  mediaId: string;
  url: string | null;
}

/** The slides of an image slider, in order, each with an optional link. */
function ImageSliderConfig({ slot, onChange, error, disabled, label }: ConfigProps) {
  const [picking, setPicking] = useState(false);
  const raw = staticValue(slot.config, 'sliderItems');
  const items: SliderItem[] = Array.isArray(raw) ? raw.flatMap((item) => (item && typeof item.mediaId === 'string' ? [{ mediaId: item.mediaId as string, url: typeof item.url === 'string' ? item.url : null }] : [])) : [];
  const media = useMediaById(items.map((item) => item.mediaId));
  const write = (next: SliderItem[]) => onChange(set(slot.config, 'sliderItems', next));
  const swap = (index: number, by: number) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    write(next);
  };
  return (
    <Input.Wrapper label={`${label}: slides`} error={error}>
      <Stack gap="xs" mt={4}>
        {items.length === 0 && <Text size="sm" c="dimmed">No slides yet</Text>}
        {items.map((item, index) => (
          <Paper withBorder p="xs" key={`${item.mediaId}-${index}`} data-testid="slider-item">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <MediaThumb id={item.mediaId} media={media.data?.get(item.mediaId)} />
              {!disabled && (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={`Move slide ${index + 1} up`} disabled={index === 0} onClick={() => swap(index, -1)}>↑</ActionIcon>
                  <ActionIcon variant="subtle" aria-label={`Move slide ${index + 1} down`} disabled={index === items.length - 1} onClick={() => swap(index, 1)}>↓</ActionIcon>
                  <Button size="compact-xs" variant="subtle" color="red" aria-label={`Remove slide ${index + 1}`} onClick={() => write(items.filter((_, other) => other !== index))}>
                    Remove
                  </Button>
                </Group>
              )}
            </Group>
            <TextInput
              mt={4}
              size="xs"
              label={`Slide ${index + 1} link`}
              value={item.url ?? ''}
              onChange={(e) => write(items.map((other, at) => (at === index ? { ...other, url: e.currentTarget.value || null } : other)))}
              disabled={disabled}
            />
          </Paper>
        ))}
        {!disabled && (
          <Group>
            <Button size="xs" variant="light" onClick={() => setPicking(true)}>
              Add slides
            </Button>
          </Group>
        )}
      </Stack>
      {picking && (
        <MediaPickerDialog
          title="Choose slides"
          multiple
          onClose={() => setPicking(false)}
          onPick={(ids) => {
            setPicking(false);
            write([...items, ...ids.map((mediaId) => ({ mediaId, url: null }))]);
          }}
        />
      )}
    </Input.Wrapper>
  );
}

/** An element's settings; elements drawn from the page itself (listing, navigation, form) have none. */
export function ElementConfig(props: ConfigProps) {
  const { slot, onChange, error, disabled, label } = props;
  switch (slot.type) {
    case 'text':
      return <TextConfig {...props} />;
    case 'image':
      return <ImageConfig {...props} />;
    case 'image-slider':
      return <ImageSliderConfig {...props} />;
    case 'product-box': {
      const [productId] = idsIn(staticValue(slot.config, 'product'));
      return <ProductPicker label={`${label}: product`} value={productId ?? null} onChange={(id) => onChange(set(slot.config, 'product', id))} error={error} disabled={disabled} />;
    }
    case 'product-slider': {
      const title = staticValue(slot.config, 'title');
      return (
        <Stack gap="xs">
          {shows(props, 'title') && (
            <TextInput
              label={`${label}: title`}
              description="The heading above the products; empty for none"
              maxLength={255}
              value={typeof title === 'string' ? title : ''}
              onChange={(e) => onChange(set(slot.config, 'title', e.currentTarget.value))}
              disabled={disabled}
            />
          )}
          <ProductsPicker label={`${label}: products`} value={idsIn(staticValue(slot.config, 'products'), 'id')} onChange={(ids) => onChange(set(slot.config, 'products', ids))} error={error} disabled={disabled} />
        </Stack>
      );
    }
    default:
      return (
        <Text size="sm" c={error ? 'red.9' : 'dimmed'}>
          {error ?? 'Nothing to set: the shop fills this element from the page it is shown on.'}
        </Text>
      );
  }
}
