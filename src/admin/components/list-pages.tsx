import { Group, Pagination } from '@mantine/core';

/**
 * The page switcher below a list page, shown once there is more than one page; the page itself lives in the URL
 * (`useListParams`). `siblings`: page buttons either side of the current one (0 where the screen is narrow).
 */
export function ListPages({ total, pageSize, list, label, siblings = 1 }: { total: number; pageSize: number; list: { page: number; setPage: (page: number) => void }; label: string; siblings?: number }) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt="md">
      <Pagination total={pages} value={list.page} onChange={list.setPage} siblings={siblings} aria-label={label} />
    </Group>
  );
}
