import type { ReactNode } from 'react';
import { Group, Pagination, Paper, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { EmptyState, LoadError, Loading, useApi, useLoad } from '../sdk';
import { useListParams, type ListSort } from './list-params';
import { SortableTh } from './sortable-th';

export interface EntityColumn<T> {
  label: string;
  /** The field the server sorts by when the header is clicked; none: not sortable. */
  sortField?: string;
  render: (row: T) => ReactNode;
}

/**
 * A server-side list of one entity through `POST /api/search/{entity}`: the page, the sort and the search
 * term live in the URL (`page`, `sort`, `dir`, `q`), so a reload or a shared link shows the same rows.
 * `reloadKey` changes make it read again (after a write elsewhere on the page).
 */
export function EntityTable<T extends { id: string }>(props: {
  entity: string;
  label: string;
  columns: Array<EntityColumn<T>>;
  defaultSort: ListSort;
  criteria?: Record<string, unknown>;
  searchPlaceholder?: string;
  emptyText?: string;
  pageSize?: number;
  reloadKey?: unknown;
}) {
  const api = useApi();
  const list = useListParams(props.defaultSort);
  const term = list.get('q');
  const setTerm = useDebouncedCallback((value: string) => list.set({ q: value }), 300);
  const pageSize = props.pageSize ?? 25;
  const rows = useLoad(
    () =>
      api.search<T>(props.entity, {
        ...props.criteria,
        page: list.page,
        limit: pageSize,
        'total-count-mode': 1,
        ...(term ? { term } : {}),
        sort: [list.sort],
      }),
    [props.entity, term, list.page, list.sort.field, list.sort.order, props.reloadKey],
    { keepPrevious: true },
  );
  const pages = Math.max(1, Math.ceil((rows.data?.total ?? 0) / pageSize));

  return (
    <>
      {props.searchPlaceholder && (
        <Paper withBorder p="md" mb="md">
          <TextInput label="Search" placeholder={props.searchPlaceholder} defaultValue={term} onChange={(e) => setTerm(e.currentTarget.value)} />
        </Paper>
      )}
      <Paper withBorder>
        {rows.error ? (
          <LoadError error={rows.error} onRetry={rows.reload} />
        ) : !rows.data ? (
          <Loading />
        ) : rows.data.data.length === 0 ? (
          <EmptyState title={`No ${props.label.toLowerCase()} found`}>{term ? 'Change the search.' : props.emptyText}</EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table highlightOnHover verticalSpacing="sm" aria-label={props.label} style={{ opacity: rows.loading ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  {props.columns.map((column) =>
                    column.sortField ? (
                      <SortableTh key={column.label} field={column.sortField} sort={list.sort} onSort={list.toggleSort}>
                        {column.label}
                      </SortableTh>
                    ) : (
                      <Table.Th key={column.label}>{column.label}</Table.Th>
                    ),
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.data.data.map((row) => (
                  <Table.Tr key={row.id}>
                    {props.columns.map((column) => (
                      <Table.Td key={column.label}>{column.render(row)}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {rows.data && (
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed">
            {rows.data.total} {rows.data.total === 1 ? 'entry' : 'entries'}
          </Text>
          {pages > 1 && <Pagination total={pages} value={list.page} onChange={list.setPage} aria-label={`${props.label} pages`} />}
        </Group>
      )}
    </>
  );
}
