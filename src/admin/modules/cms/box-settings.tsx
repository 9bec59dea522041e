import { ColorInput, Select, SimpleGrid } from '@mantine/core';
import { MOBILE_BEHAVIORS, SECTION_POSITIONS, SECTION_TYPES, SIZING_MODES, type DraftBlock, type DraftSection } from './layout-model';

const choices = (list: ReadonlyArray<{ value: string; label: string }>) => list.map((entry) => ({ ...entry }));

/** A colour field: `#rrggbb` (the picker writes that), empty for none. */
function BackgroundColour({ label, value, onChange, error, disabled }: { label: string; value: string | null; onChange: (value: string | null) => void; error?: string; disabled: boolean }) {
  return (
    <ColorInput
      label={label}
      description="Empty: no background"
      placeholder="#rrggbb"
      format="hex"
      value={value ?? ''}
      onChange={(next) => onChange(next.trim() === '' ? null : next.trim())}
      error={error}
      disabled={disabled}
      withEyeDropper={false}
    />
  );
}

/**
 * A section's settings: one column or with a sidebar (Shopware's section type), boxed or full width, whether
 * phones show the sidebar, and its background colour.
 */
export function SectionSettings({ number, section, onChange, colourError, disabled }: { number: number; section: DraftSection; onChange: (section: DraftSection) => void; colourError?: string; disabled: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} mb="sm">
      <Select
        label={`Section ${number}: columns`}
        data={choices(SECTION_TYPES)}
        value={section.type}
        onChange={(value) => value && onChange({ ...section, type: value as DraftSection['type'] })}
        allowDeselect={false}
        disabled={disabled}
      />
      <Select
        label={`Section ${number}: width`}
        data={choices(SIZING_MODES)}
        value={section.sizingMode}
        onChange={(value) => value && onChange({ ...section, sizingMode: value as DraftSection['sizingMode'] })}
        allowDeselect={false}
        disabled={disabled}
      />
      {section.type === 'sidebar' && (
        <Select
          label={`Section ${number}: sidebar on phones`}
          data={choices(MOBILE_BEHAVIORS)}
          value={section.mobileBehavior}
          onChange={(value) => value && onChange({ ...section, mobileBehavior: value as DraftSection['mobileBehavior'] })}
          allowDeselect={false}
          disabled={disabled}
        />
      )}
      <BackgroundColour label={`Section ${number}: background colour`} value={section.backgroundColor} onChange={(backgroundColor) => onChange({ ...section, backgroundColor })} error={colourError} disabled={disabled} />
    </SimpleGrid>
  );
}

/** A block's settings: its column when its section has a sidebar, and its background colour. */
export function BlockSettings({ number, block, inSidebarSection, onChange, colourError, disabled }: { number: number; block: DraftBlock; inSidebarSection: boolean; onChange: (block: DraftBlock) => void; colourError?: string; disabled: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {inSidebarSection && (
        <Select
          label={`Block ${number}: column`}
          data={choices(SECTION_POSITIONS)}
          value={block.sectionPosition}
          onChange={(value) => value && onChange({ ...block, sectionPosition: value as DraftBlock['sectionPosition'] })}
          allowDeselect={false}
          disabled={disabled}
        />
      )}
      <BackgroundColour label={`Block ${number}: background colour`} value={block.backgroundColor} onChange={(backgroundColor) => onChange({ ...block, backgroundColor })} error={colourError} disabled={disabled} />
    </SimpleGrid>
  );
}
