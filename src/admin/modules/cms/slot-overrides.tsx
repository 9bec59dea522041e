import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useApi, useCan, useLoad } from '../../sdk';
import { SaveProblems, useEntitySave } from '../../components/entity-form';
import { ElementConfig } from './element-config';
import { overridableSlots, pickFields, withOverride, type DraftLayout, type SlotConfig, type SlotOverrides } from './layout-model';
import { ASSIGNABLE, type AssignableEntity } from './layout-assignment';
import { useRecordOptions } from './record-options';

interface PageRecord {
  id: string;
  slotConfig: SlotOverrides | null;
  updatedAt: string | null;
}

const SINGULAR: Record<AssignableEntity, string> = { 'landing-page': 'landing page', category: 'category', product: 'product' };

/** Which page's content is edited: the kind of page, then one of the saved pages of that kind showing this layout. */
function PageChooser({ layoutId, entity, onEntity, pageId, onPage }: { layoutId: string; entity: AssignableEntity; onEntity: (entity: AssignableEntity) => void; pageId: string | null; onPage: (id: string | null) => void }) {
  const [typed, setTyped] = useState('');
  const base = ASSIGNABLE.find((entry) => entry.entity === entity)!;
  // pages of this layout only (as saved), searched on the server like the assignment pickers
  const search = useMemo(() => ({ ...base, filter: [...(base.filter ?? []), { type: 'equals', field: 'cmsPageId', value: layoutId }] }), [base, layoutId]);
  const { options } = useRecordOptions(search, pageId ? [pageId] : [], typed);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <SegmentedControl
        aria-label="Kind of page"
        value={entity}
        onChange={(value) => {
          setTyped('');
          onEntity(value as AssignableEntity);
        }}
        data={ASSIGNABLE.map((entry) => ({ value: entry.entity, label: entry.title }))}
      />
      <Select
        label={`${SINGULAR[entity].replace(/^./, (first) => first.toUpperCase())} showing this layout`}
        placeholder="Type to search"
        searchable
        searchValue={typed}
        onSearchChange={setTyped}
        filter={({ options: all }) => all}
        data={options}
        value={pageId}
        onChange={onPage}
        nothingFoundMessage={`No saved ${SINGULAR[entity]} shows this layout`}
        w={320}
        maw="100%"
      />
    </Group>
  );
}

/**
 * One page's own content in the layout's blocks (Shopware's `slotConfig` of a category, landing page or
 * product): per slot, whether the page overrides the layout's text, image(s) or products, and with what.
 * Saved with one PATCH of that page; the API's violation stands at the slot it names.
 */
function PageOverrides({ layout, entity, page, onSaved }: { layout: DraftLayout; entity: AssignableEntity; page: PageRecord; onSaved: () => void }) {
  const api = useApi();
  const can = useCan();
  const editable = can(`${entity.replace(/-/g, '_')}:update`);
  const [overrides, setOverrides] = useState<SlotOverrides | null>(page.slotConfig);
  const save = useEntitySave();
  const slots = useMemo(() => overridableSlots(layout), [layout]);

  // the API names the slot in its message (`slotConfig` has for slot <id> a config that …)
  const apiError = save.errorOf('slotConfig');
  const erring = apiError ? slots.find((entry) => apiError.includes(entry.slot.id)) : undefined;
  const placed = erring ? ['slotConfig'] : [];

  async function submit() {
    const done = await save.run(() => api.patch(`/api/${entity}/${page.id}`, { slotConfig: overrides }, { quiet: [400] }).then(() => undefined), { api, entity, id: page.id, updatedAt: page.updatedAt }, "The page's own content is saved.");
    if (done) onSaved();
  }

  if (slots.length === 0) return <Text size="sm" c="dimmed">This layout has no text, image or product block a page could fill with its own content.</Text>;
  return (
    <Stack gap="sm">
      <SaveProblems conflict={save.conflict} errors={save.errors} fields={placed} onReload={onSaved} />
      {!editable && <Alert color="gray">Your role may not change this {SINGULAR[entity]}.</Alert>}
      {slots.map(({ slot, name, kind, fields }) => {
        const own = overrides?.[slot.id];
        const label = `${name} on this page`;
        return (
          <Paper withBorder p="sm" bg="gray.0" key={slot.id} data-testid="slot-override">
            <Text fw={600} size="sm" mb="xs">
              {name} ({kind})
            </Text>
            <Checkbox
              label={`${name}: own content on this page`}
              checked={own !== undefined}
              disabled={!editable}
              onChange={(event) => setOverrides(withOverride(overrides, slot.id, event.currentTarget.checked ? pickFields(slot.config, fields) : null))}
            />
            {own !== undefined ? (
              <Stack mt="xs">
                <ElementConfig
                  slot={{ ...slot, config: { ...pickFields(slot.config, fields), ...own } }}
                  label={label}
                  fields={fields}
                  onChange={(config: SlotConfig) => setOverrides(withOverride(overrides, slot.id, pickFields(config, fields)))}
                  error={erring?.slot.id === slot.id ? apiError!.replace(slot.id, name) : undefined}
                  disabled={!editable}
                />
              </Stack>
            ) : (
              <Text size="xs" c="dimmed" mt={4}>
                Shows the layout's {kind.toLowerCase()}.
              </Text>
            )}
          </Paper>
        );
      })}
      {editable && (
        <Group justify="flex-end">
          <Button variant="light" onClick={submit} loading={save.saving}>
            Save for this {SINGULAR[entity]}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The editor's "Content per page": choose a saved category, landing page or product showing this layout and
 * give it its own content in the layout's saved blocks. `layout` is the saved layout (overrides are keyed by
 * the ids of saved slots), not the draft.
 */
export function SlotOverrides({ layoutId, layout }: { layoutId: string; layout: DraftLayout }) {
  const api = useApi();
  const [entity, setEntity] = useState<AssignableEntity>('landing-page');
  const [pageId, setPageId] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const record = useLoad(async () => {
    if (!pageId) return null;
    const table = entity.replace(/-/g, '_');
    const answer = await api.search<PageRecord>(entity, { ids: [pageId], includes: { [table]: ['id', 'slotConfig', 'updatedAt'] } });
    return answer.data[0] ?? null;
  }, [entity, pageId, round]);
  return (
    <Stack gap="sm">
      <PageChooser
        layoutId={layoutId}
        entity={entity}
        onEntity={(next) => {
          setEntity(next);
          setPageId(null);
        }}
        pageId={pageId}
        onPage={setPageId}
      />
      {pageId && record.error && <Alert color="red">{record.error.message}</Alert>}
      {pageId && record.data && <PageOverrides key={`${pageId}-${round}`} layout={layout} entity={entity} page={record.data} onSaved={() => setRound((n) => n + 1)} />}
    </Stack>
  );
}
