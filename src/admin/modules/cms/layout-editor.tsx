import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Button, Grid, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { ApiError, LoadError, Loading, PageHeader, Section, useApi, useCan, useLoad, type ApiClient } from '../../sdk';
import { newEntityId, SaveProblems, useEntitySave } from '../../components/entity-form';
import { READABLE_ERRORS } from '../../components/field-errors';
import {
  BLOCK_KINDS,
  LAYOUT_ASSOCIATIONS,
  LAYOUT_TYPES,
  blockLabel,
  canMoveBlock,
  colourProblems,
  draftOf,
  layoutVersion,
  moveBlock,
  moveBlockToSection,
  moved,
  newBlock,
  newSection,
  savePlan,
  type DraftBlock,
  type DraftLayout,
  type DraftSection,
  type SlotConfig,
  type StoredLayout,
} from './layout-model';
import { ElementConfig } from './element-config';
import { BlockCard } from './block-card';
import { BlockSettings, SectionSettings } from './box-settings';
import { LayoutPreview } from './layout-preview';
import { LayoutAssignment, NO_ASSIGNMENT, loadAssignment, saveAssignment, type Assignment } from './layout-assignment';
import { SlotOverrides } from './slot-overrides';

const QUIET = { quiet: [400, 409] };

async function loadLayout(api: ApiClient, id: string): Promise<StoredLayout> {
  const answer = await api.search<StoredLayout>('cms-page', { ids: [id], associations: LAYOUT_ASSOCIATIONS });
  const layout = answer.data[0];
  if (!layout) throw new Error('This layout does not exist (any more).');
  return layout;
}

/** The API's pointer of a slot's config, as `fieldErrorsOf` keys it. */
const slotField = (section: number, block: number, slot: number) => `sections.${section}.blocks.${block}.slots.${slot}.config`;

/**
 * Saves the whole layout: the tree is read again first and, if anything in it changed since it was loaded
 * (someone else's save), nothing is written (a 409 for `useEntitySave`); then one nested POST or PATCH of
 * the layout, the deletes of what the draft dropped, and the assignment.
 */
async function saveLayout(api: ApiClient, id: string, stored: StoredLayout | null, draft: DraftLayout, assigned: Assignment, wanted: Assignment, written: () => void): Promise<void> {
  if (stored && layoutVersion(await loadLayout(api, id)) !== layoutVersion(stored)) throw new ApiError(409, 'The layout was changed by someone else.', null);
  const plan = savePlan(draft, stored);
  if (stored) await api.patch(`/api/cms-page/${id}`, plan.body, QUIET);
  else await api.post('/api/cms-page', { id, ...plan.body }, QUIET);
  written();
  for (const entry of plan.deletes) await api.delete(`/api/${entry.entity}/${entry.id}`, { quiet: [404] }).catch((error: unknown) => {
    // already gone (deleted with its section or by someone else) is what was wanted
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  });
  await saveAssignment(api, id, assigned, wanted);
}

function LayoutForm({ stored, assigned, onSaved }: { stored: StoredLayout | null; assigned: Assignment; onSaved: (id: string) => void }) {
  const api = useApi();
  const can = useCan();
  const editable = can(stored ? 'cms_page:update' : 'cms_page:create');
  const initial = useMemo(() => draftOf(stored), [stored]);
  const [draft, setDraft] = useState<DraftLayout>(initial);
  const [assignment, setAssignment] = useState<Assignment>(assigned);
  const [adding, setAdding] = useState<Record<string, string | null>>({});
  const [focusBlock, setFocusBlock] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const save = useEntitySave();
  const unsaved = JSON.stringify(draft) !== JSON.stringify(initial) || JSON.stringify(assignment) !== JSON.stringify(assigned);

  // a moved block keeps the keyboard focus (its card is re-inserted elsewhere in the page)
  useEffect(() => {
    if (!focusBlock) return;
    root.current?.querySelector<HTMLElement>(`[data-block-id="${focusBlock}"]`)?.focus();
    setFocusBlock(null);
  }, [focusBlock, draft]);

  const setSections = (sections: DraftLayout['sections']) => setDraft((current) => ({ ...current, sections }));
  const setSection = (sectionIndex: number, section: DraftSection) => setSections(draft.sections.map((entry, si) => (si === sectionIndex ? section : entry)));
  const setBlock = (sectionIndex: number, blockIndex: number, block: DraftBlock) =>
    setSections(draft.sections.map((section, si) => (si !== sectionIndex ? section : { ...section, blocks: section.blocks.map((entry, bi) => (bi === blockIndex ? block : entry)) })));
  // checked as typed: the shop's stylesheet takes only #rrggbb, so nothing else is saved
  const colours = colourProblems(draft);
  const colourError = (field: string) => colours[field] ?? save.errorOf(field);
  const setSlotConfig = (sectionIndex: number, blockIndex: number, slotIndex: number, config: SlotConfig) =>
    setSections(
      draft.sections.map((section, si) =>
        si !== sectionIndex ? section : { ...section, blocks: section.blocks.map((block, bi) => (bi !== blockIndex ? block : { ...block, slots: block.slots.map((slot, sli) => (sli === slotIndex ? { ...slot, config } : slot)) })) },
      ),
    );
  const shiftBlock = (sectionIndex: number, blockIndex: number, by: -1 | 1) => {
    if (!canMoveBlock(draft.sections, sectionIndex, blockIndex, by)) return;
    setFocusBlock(draft.sections[sectionIndex]!.blocks[blockIndex]!.id);
    setSections(moveBlock(draft.sections, sectionIndex, blockIndex, by));
  };
  const blockToSection = (sectionIndex: number, blockIndex: number, toSection: number) => {
    setFocusBlock(draft.sections[sectionIndex]!.blocks[blockIndex]!.id);
    setSections(moveBlockToSection(draft.sections, sectionIndex, blockIndex, toSection));
  };
  // dragging reorders within the section (the ↑/↓ buttons and keys also cross sections)
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const dragEnd = (sectionIndex: number, event: DragEndEvent) => {
    const blocks = draft.sections[sectionIndex]!.blocks;
    const from = blocks.findIndex((block) => block.id === event.active.id);
    const to = blocks.findIndex((block) => block.id === event.over?.id);
    if (from === -1 || to === -1 || from === to) return;
    setSections(draft.sections.map((entry, si) => (si === sectionIndex ? { ...entry, blocks: arrayMove(entry.blocks, from, to) } : entry)));
  };
  const blockKeys = (event: KeyboardEvent, sectionIndex: number, blockIndex: number) => {
    if (event.target !== event.currentTarget || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    shiftBlock(sectionIndex, blockIndex, event.key === 'ArrowUp' ? -1 : 1);
  };

  async function submit() {
    if (Object.keys(colours).length > 0) return;
    const id = stored?.id ?? newEntityId();
    let written = false;
    const done = await save.run(() => saveLayout(api, id, stored, draft, assigned, assignment, () => (written = true)));
    // a failure after the layout's write (a delete, an assignment; its toast stays) still reloads: the form
    // would otherwise hold the tree from before its own write and call that someone else's change
    if (done || written) onSaved(id);
  }

  const placed = [
    'name',
    'type',
    ...draft.sections.flatMap((section, si) => [`sections.${si}.backgroundColor`, ...section.blocks.flatMap((block, bi) => [`sections.${si}.blocks.${bi}.backgroundColor`, ...block.slots.map((_, sli) => slotField(si, bi, sli))])]),
  ];
  let blockNumber = 0;

  return (
    <Grid gutter="lg" ref={root} style={READABLE_ERRORS}>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack>
          <SaveProblems conflict={save.conflict} errors={save.errors} fields={placed} onReload={() => onSaved(stored!.id)} />
          {!editable && <Alert color="gray">Your role may look at layouts but not change them.</Alert>}
          <Section title="Layout">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Name" required value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} error={save.errorOf('name')} disabled={!editable} />
              <Select label="Type" data={LAYOUT_TYPES.map((entry) => ({ ...entry }))} value={draft.type} onChange={(value) => value && setDraft({ ...draft, type: value })} allowDeselect={false} error={save.errorOf('type')} disabled={!editable} />
            </SimpleGrid>
          </Section>
          {draft.sections.length === 0 && (
            <Paper withBorder p="md">
              <Text size="sm" c="dimmed">
                No sections yet. A section holds blocks: texts, images, sliders and products, one below the other.
              </Text>
            </Paper>
          )}
          {draft.sections.map((section, sectionIndex) => (
            <Paper withBorder p="md" radius="md" component="section" aria-label={`Section ${sectionIndex + 1}`} key={section.id} data-testid="layout-section">
              <Group justify="space-between" mb="sm" wrap="wrap">
                <Title order={3} size="h4">
                  Section {sectionIndex + 1}
                </Title>
                {editable && (
                  <Group gap={4}>
                    <Button size="compact-sm" variant="subtle" disabled={sectionIndex === 0} onClick={() => setSections(moved(draft.sections, sectionIndex, -1))} aria-label={`Move section ${sectionIndex + 1} up`}>
                      Up
                    </Button>
                    <Button size="compact-sm" variant="subtle" disabled={sectionIndex === draft.sections.length - 1} onClick={() => setSections(moved(draft.sections, sectionIndex, 1))} aria-label={`Move section ${sectionIndex + 1} down`}>
                      Down
                    </Button>
                    <Button size="compact-sm" variant="subtle" color="red" onClick={() => setSections(draft.sections.filter((_, other) => other !== sectionIndex))} aria-label={`Remove section ${sectionIndex + 1}`}>
                      Remove
                    </Button>
                  </Group>
                )}
              </Group>
              <SectionSettings number={sectionIndex + 1} section={section} onChange={(next) => setSection(sectionIndex, next)} colourError={colourError(`sections.${sectionIndex}.backgroundColor`)} disabled={!editable} />
              <Stack gap="sm">
                {section.blocks.length === 0 && (
                  <Text size="sm" c="dimmed">
                    An empty section: add a block.
                  </Text>
                )}
                <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={(event) => dragEnd(sectionIndex, event)}>
                  <SortableContext items={section.blocks.map((block) => block.id)} strategy={verticalListSortingStrategy}>
                    {section.blocks.map((block, blockIndex) => {
                      blockNumber += 1;
                      const name = `Block ${blockNumber} (${blockLabel(block.type)})`;
                      const number = blockNumber;
                      return (
                        <BlockCard
                          key={block.id}
                          id={block.id}
                          name={name}
                          editable={editable}
                          canMoveUp={canMoveBlock(draft.sections, sectionIndex, blockIndex, -1)}
                          canMoveDown={canMoveBlock(draft.sections, sectionIndex, blockIndex, 1)}
                          onMove={(by) => shiftBlock(sectionIndex, blockIndex, by)}
                          sectionIndex={sectionIndex}
                          sectionCount={draft.sections.length}
                          onMoveToSection={(to) => blockToSection(sectionIndex, blockIndex, to)}
                          onRemove={() => setSections(draft.sections.map((entry, si) => (si === sectionIndex ? { ...entry, blocks: entry.blocks.filter((_, bi) => bi !== blockIndex) } : entry)))}
                          onKeyDown={(event) => blockKeys(event, sectionIndex, blockIndex)}
                        >
                          <BlockSettings
                            number={number}
                            block={block}
                            inSidebarSection={section.type === 'sidebar'}
                            onChange={(next) => setBlock(sectionIndex, blockIndex, next)}
                            colourError={colourError(`sections.${sectionIndex}.blocks.${blockIndex}.backgroundColor`)}
                            disabled={!editable}
                          />
                          {block.slots.map((slot, slotIndex) => (
                            <ElementConfig
                              key={slot.id}
                              slot={slot}
                              label={block.slots.length > 1 ? `Block ${number} ${slot.slot}` : `Block ${number}`}
                              onChange={(config) => setSlotConfig(sectionIndex, blockIndex, slotIndex, config)}
                              error={save.errorOf(slotField(sectionIndex, blockIndex, slotIndex))}
                              disabled={!editable}
                            />
                          ))}
                        </BlockCard>
                      );
                    })}
                  </SortableContext>
                </DndContext>
                {editable && (
                  <Group align="flex-end" gap="xs" wrap="wrap">
                    <Select
                      label={`New block in section ${sectionIndex + 1}`}
                      placeholder="Choose a block"
                      data={BLOCK_KINDS.map((kind) => ({ value: kind.type, label: kind.label }))}
                      value={adding[section.id] ?? null}
                      onChange={(value) => setAdding({ ...adding, [section.id]: value })}
                      w={240}
                      maw="100%"
                    />
                    <Button
                      variant="light"
                      disabled={!adding[section.id]}
                      onClick={() => {
                        const kind = BLOCK_KINDS.find((entry) => entry.type === adding[section.id]);
                        if (!kind) return;
                        setSections(draft.sections.map((entry, si) => (si === sectionIndex ? { ...entry, blocks: [...entry.blocks, newBlock(kind, newEntityId)] } : entry)));
                        setAdding({ ...adding, [section.id]: null });
                      }}
                    >
                      Add block
                    </Button>
                  </Group>
                )}
              </Stack>
            </Paper>
          ))}
          {editable && (
            <Group>
              <Button variant="default" onClick={() => setSections([...draft.sections, newSection(newEntityId())])}>
                Add section
              </Button>
            </Group>
          )}
          <Section title="Assignment">
            <Text size="sm" c="dimmed" mb="sm">
              The pages that show this layout. A page can show one layout: choosing a page that uses another moves it here.
            </Text>
            <LayoutAssignment layoutId={stored?.id ?? null} value={assignment} onChange={setAssignment} disabled={!can('category:update') || !can('landing_page:update') || !can('product:update') || !editable} />
          </Section>
          {editable && (
            <Group justify="flex-end">
              {Object.keys(colours).length > 0 && (
                <Text size="sm" c="red.9" role="alert">
                  A background colour is not a colour like #f6efe3: correct it to save.
                </Text>
              )}
              <Button onClick={submit} loading={save.saving} disabled={Object.keys(colours).length > 0}>
                Save layout
              </Button>
            </Group>
          )}
          {stored && (
            <Section title="Content per page">
              <Text size="sm" c="dimmed" mb="sm">
                A page showing this layout can have its own text, images or products in the layout's blocks, saved for that page alone. The blocks are the layout's as last saved.
              </Text>
              <SlotOverrides layoutId={stored.id} layout={initial} />
            </Section>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Section title="Preview">
          <LayoutPreview layoutId={stored?.id ?? null} draft={draft} unsaved={unsaved && stored !== null} />
        </Section>
      </Grid.Col>
    </Grid>
  );
}

/** `/cms/new` and `/cms/:id`: a layout's sections and blocks, each element's settings, where it is shown, and its preview. */
export function LayoutEditor() {
  const { id } = useParams();
  const api = useApi();
  const navigate = useNavigate();
  const isNew = id === 'new';
  const [round, setRound] = useState(0);
  const loaded = useLoad(async () => {
    if (isNew) return { stored: null, assigned: NO_ASSIGNMENT };
    const [stored, assigned] = await Promise.all([loadLayout(api, id!), loadAssignment(api, id!)]);
    return { stored, assigned };
  }, [id, round]);
  const reload = (savedId: string) => {
    if (isNew) navigate(`/cms/${savedId}`);
    else setRound((n) => n + 1);
  };
  if (loaded.error) return <LoadError error={loaded.error} onRetry={loaded.reload} />;
  if (!loaded.data || loaded.loading) return <Loading />;
  const { stored, assigned } = loaded.data;
  return (
    <>
      <PageHeader
        title={stored ? stored.name || 'Unnamed layout' : 'New layout'}
        subtitle={
          <Anchor component={Link} to="/cms" size="sm">
            All layouts
          </Anchor>
        }
      />
      <LayoutForm key={stored ? layoutVersion(stored) : 'new'} stored={stored} assigned={assigned} onSaved={reload} />
    </>
  );
}
