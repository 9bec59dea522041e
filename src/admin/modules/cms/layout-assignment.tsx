import { useState } from 'react';
import { MultiSelect, SimpleGrid } from '@mantine/core';
import type { ApiClient } from '../../sdk';
import { useRecordOptions, type RecordSearch } from './record-options';

export type AssignableEntity = 'category' | 'landing-page' | 'product';

/** What a layout is assigned to: categories, landing pages and (main) products, each through its `cmsPageId`. */
export const ASSIGNABLE: ReadonlyArray<RecordSearch & { entity: AssignableEntity; title: string }> = [
  { entity: 'landing-page', title: 'Landing pages', fields: ['name'], label: (record) => record.name ?? 'Unnamed landing page' },
  { entity: 'category', title: 'Categories', fields: ['name'], label: (record) => record.name ?? 'Unnamed category' },
  {
    entity: 'product',
    title: 'Products',
    fields: ['name', 'productNumber'],
    label: (record) => `${record.name ?? record.productNumber} (${record.productNumber})`,
    filter: [{ type: 'equals', field: 'parentId', value: null }],
  },
];

export type Assignment = Record<AssignableEntity, string[]>;

export const NO_ASSIGNMENT: Assignment = { category: [], 'landing-page': [], product: [] };

/** The records using the layout now (every one, in pages of 500). */
export async function loadAssignment(api: ApiClient, layoutId: string): Promise<Assignment> {
  const entries = await Promise.all(
    ASSIGNABLE.map(async ({ entity }) => {
      const ids: string[] = [];
      for (let page = 1; ; page++) {
        const answer = await api.search<{ id: string }>(entity, { page, limit: 500, filter: [{ type: 'equals', field: 'cmsPageId', value: layoutId }], includes: { [entity.replace(/-/g, '_')]: ['id'] } });
        ids.push(...answer.data.map((row) => row.id));
        if (answer.data.length < 500) break;
      }
      return [entity, ids] as const;
    }),
  );
  return Object.fromEntries(entries) as Assignment;
}

/**
 * Writes the assignment: `cmsPageId` on each record that gains the layout (taking it from whatever layout it
 * had), null on each that lost it, one PATCH per record.
 */
export async function saveAssignment(api: ApiClient, layoutId: string, stored: Assignment, wanted: Assignment): Promise<void> {
  for (const { entity } of ASSIGNABLE) {
    for (const id of wanted[entity]) if (!stored[entity].includes(id)) await api.patch(`/api/${entity}/${id}`, { cmsPageId: layoutId });
    for (const id of stored[entity]) if (!wanted[entity].includes(id)) await api.patch(`/api/${entity}/${id}`, { cmsPageId: null });
  }
}

function AssignmentPicker({ search, layoutId, value, onChange, disabled }: { search: (typeof ASSIGNABLE)[number]; layoutId: string | null; value: string[]; onChange: (ids: string[]) => void; disabled: boolean }) {
  const [typed, setTyped] = useState('');
  const { options, found } = useRecordOptions(search, value, typed);
  // a record that shows another layout now is marked: choosing it moves it to this one
  const data = options.map((option) => {
    const other = found.get(option.value)?.cmsPageId;
    return other && other !== layoutId && !value.includes(option.value) ? { ...option, label: `${option.label} (uses another layout)` } : option;
  });
  return (
    <MultiSelect
      label={search.title}
      searchable
      searchValue={typed}
      onSearchChange={setTyped}
      filter={({ options: all }) => all}
      data={data}
      value={value}
      onChange={onChange}
      disabled={disabled}
      placeholder={value.length === 0 ? 'Type to search' : undefined}
      nothingFoundMessage="Nothing found"
    />
  );
}

/** The three pickers of the editor's "Assignment" section. */
export function LayoutAssignment({ layoutId, value, onChange, disabled }: { layoutId: string | null; value: Assignment; onChange: (next: Assignment) => void; disabled: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      {ASSIGNABLE.map((search) => (
        <AssignmentPicker key={search.entity} search={search} layoutId={layoutId} value={value[search.entity]} onChange={(ids) => onChange({ ...value, [search.entity]: ids })} disabled={disabled} />
      ))}
    </SimpleGrid>
  );
}
