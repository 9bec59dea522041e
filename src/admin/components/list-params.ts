import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export interface ListSort {
  field: string;
  order: 'ASC' | 'DESC';
}

/**
 * A list page's state kept in the URL (page, sort and any named filter), so a reload, the back button
 * or a shared link shows the same page. Changing a filter returns to page 1.
 */
export function useListParams(defaultSort: ListSort) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sortField = params.get('sort');
  const sort: ListSort = sortField ? { field: sortField, order: params.get('dir') === 'ASC' ? 'ASC' : 'DESC' } : defaultSort;

  const get = useCallback((name: string) => params.get(name) ?? '', [params]);
  const set = useCallback(
    (changes: Record<string, string | null>, keepPage = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(name);
            else next.set(name, value);
          }
          if (!keepPage && !('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  /** A click on a column header: sort by it, or flip the order when it already sorts. */
  const toggleSort = (field: string) => set({ sort: field, dir: sort.field === field && sort.order === 'DESC' ? 'ASC' : 'DESC' });
  const setPage = (value: number) => set({ page: value === 1 ? null : String(value) }, true);
  return { page, sort, get, set, toggleSort, setPage };
}
