import type { ReactNode } from 'react';
import { Table, UnstyledButton } from '@mantine/core';
import type { ListSort } from './list-params';

/** A column header that sorts the list by its field on the server; `aria-sort` tells screen readers the order. */
export function SortableTh({ field, sort, onSort, children, ta }: { field: string; sort: ListSort; onSort: (field: string) => void; children: ReactNode; ta?: 'right' }) {
  const active = sort.field === field;
  return (
    <Table.Th ta={ta} aria-sort={active ? (sort.order === 'ASC' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(field)} fw={700} fz="sm">
        {children} {active ? (sort.order === 'ASC' ? '↑' : '↓') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}
