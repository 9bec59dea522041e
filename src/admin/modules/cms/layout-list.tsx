import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, Modal, Paper, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { DateTime, EmptyState, LoadError, Loading, PageHeader, useApi, useCan, useLoad, type ApiClient } from '../../sdk';
import { ListPages } from '../../components/list-pages';
import { useListParams } from '../../components/list-params';
import { SortableTh } from '../../components/sortable-th';
import { LAYOUT_TYPES } from './layout-model';
import { ASSIGNABLE, type AssignableEntity } from './layout-assignment';

const PAGE_SIZE = 25;

interface LayoutRow {
  id: string;
  name: string | null;
  type: string;
  createdAt: string;
  updatedAt: string | null;
}

export type AssignedCounts = Map<string, Record<AssignableEntity, number>>;

/** How many categories, landing pages and products use each of `layoutIds`: every assigned record's `cmsPageId`, read in pages of 500. */
export async function assignedCounts(api: ApiClient, layoutIds: string[]): Promise<AssignedCounts> {
  const counts: AssignedCounts = new Map(layoutIds.map((id) => [id, { category: 0, 'landing-page': 0, product: 0 }]));
  if (layoutIds.length === 0) return counts;
  await Promise.all(
    ASSIGNABLE.map(async ({ entity }) => {
      for (let page = 1; ; page++) {
        const answer = await api.search<{ id: string; cmsPageId: string }>(entity, {
          page,
          limit: 500,
          filter: [{ type: 'equalsAny', field: 'cmsPageId', value: layoutIds }],
          includes: { [entity.replace(/-/g, '_')]: ['id', 'cmsPageId'] },
        });
        for (const row of answer.data) counts.get(row.cmsPageId)![entity] += 1;
        if (answer.data.length < 500) break;
      }
    }),
  );
  return counts;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** "2 categories, 1 landing page": the kinds of pages a layout is shown on. */
const describeCounts = (count: Record<AssignableEntity, number>) =>
  [count.category && plural(count.category, 'category', 'categories'), count['landing-page'] && plural(count['landing-page'], 'landing page', 'landing pages'), count.product && plural(count.product, 'product', 'products')]
    .filter(Boolean)
    .join(', ');

const typeLabel = (type: string) => LAYOUT_TYPES.find((entry) => entry.value === type)?.label ?? type;
export const totalOf = (count: Record<AssignableEntity, number> | undefined) => (count ? count.category + count['landing-page'] + count.product : 0);

function DeleteLayout({ layout, assigned, onClose, onDeleted }: { layout: LayoutRow; assigned: number; onClose: () => void; onDeleted: () => void }) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  async function remove() {
    setBusy(true);
    try {
      await api.delete(`/api/cms-page/${layout.id}`);
      notifications.show({ color: 'green', message: `Layout "${layout.name ?? 'Unnamed'}" deleted` });
      onDeleted();
    } catch {
      setBusy(false);
    }
  }
  return (
    <Modal opened onClose={onClose} title="Delete layout?">
      <Stack>
        <Text size="sm">
          “{layout.name ?? 'Unnamed'}” and its sections, blocks and elements are deleted.{' '}
          {assigned > 0 ? `${assigned} ${assigned === 1 ? 'page uses' : 'pages use'} it and will show their default page instead.` : 'No page uses it.'}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={remove}>
            Delete layout
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** `/cms`: the layouts (name, type, how many pages use them), searched, sorted and paged on the server. */
export function LayoutList() {
  const api = useApi();
  const can = useCan();
  const list = useListParams({ field: 'name', order: 'ASC' });
  const term = list.get('q');
  const setTerm = useDebouncedCallback((value: string) => list.set({ q: value }), 300);
  const [deleting, setDeleting] = useState<LayoutRow | null>(null);
  const [round, setRound] = useState(0);
  const layouts = useLoad(
    async () => {
      const answer = await api.search<LayoutRow>('cms-page', {
        page: list.page,
        limit: PAGE_SIZE,
        'total-count-mode': 1,
        ...(term ? { term } : {}),
        sort: [list.sort],
        includes: { cms_page: ['id', 'name', 'type', 'createdAt', 'updatedAt'] },
      });
      return { ...answer, counts: await assignedCounts(api, answer.data.map((row) => row.id)) };
    },
    [term, list.page, list.sort.field, list.sort.order, round],
    { keepPrevious: true },
  );
  const rows = layouts.data?.data ?? [];

  return (
    <>
      <PageHeader
        title="Shopping Experiences"
        subtitle="Layouts of sections and blocks for landing pages, categories and products"
        actions={can('cms_page:create') && <Button component={Link} to="/cms/new">Add layout</Button>}
      />
      <Paper withBorder p="md" mb="md">
        <TextInput label="Search" placeholder="Layout name…" defaultValue={term} onChange={(e) => setTerm(e.currentTarget.value)} />
      </Paper>
      <Paper withBorder>
        {layouts.error ? (
          <LoadError error={layouts.error} onRetry={layouts.reload} />
        ) : !layouts.data ? (
          <Loading />
        ) : rows.length === 0 ? (
          <EmptyState title="No layouts found">{term ? 'Change the search.' : 'Add a layout to put banners, texts and product sliders on your pages.'}</EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table highlightOnHover verticalSpacing="sm" aria-label="Layouts" style={{ opacity: layouts.loading ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="name" sort={list.sort} onSort={list.toggleSort}>Name</SortableTh>
                  <SortableTh field="type" sort={list.sort} onSort={list.toggleSort}>Type</SortableTh>
                  <Table.Th>Assigned to</Table.Th>
                  <SortableTh field="updatedAt" sort={list.sort} onSort={list.toggleSort}>Changed</SortableTh>
                  {can('cms_page:delete') && <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((layout) => {
                  const count = layouts.data!.counts.get(layout.id);
                  const total = totalOf(count);
                  return (
                    <Table.Tr key={layout.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/cms/${layout.id}`} fw={600}>
                          {layout.name || 'Unnamed layout'}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{typeLabel(layout.type)}</Table.Td>
                      <Table.Td>
                        {total === 0 ? (
                          <Badge variant="light" color="gray">Not assigned</Badge>
                        ) : (
                          <Text size="sm" aria-label={`${total} ${total === 1 ? 'page' : 'pages'}`}>
                            {total} ({describeCounts(count!)})
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{layout.updatedAt || layout.createdAt ? <DateTime value={layout.updatedAt ?? layout.createdAt} /> : '–'}</Table.Td>
                      {can('cms_page:delete') && (
                        <Table.Td>
                          <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(layout)} aria-label={`Delete ${layout.name || 'unnamed layout'}`}>
                            Delete
                          </Button>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <ListPages total={layouts.data?.total ?? 0} pageSize={PAGE_SIZE} list={list} label="Layout pages" />
      {deleting && (
        <DeleteLayout
          layout={deleting}
          assigned={totalOf(layouts.data?.counts.get(deleting.id))}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            setRound((n) => n + 1);
          }}
        />
      )}
    </>
  );
}
