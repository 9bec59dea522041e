import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Checkbox, Group, NumberInput, Paper, SegmentedControl, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { EmptyState, LoadError, Loading, Money, PageHeader, useApi, useCan, useLoad } from '../../sdk';
import { ListPages } from '../../components/list-pages';
import { useListParams } from '../../components/list-params';
import { SortableTh } from '../../components/sortable-th';
import type { ProductRecord } from './catalogue-data';

const PAGE_SIZE = 25;

/** Selected rows changed at once: active on or off, or a stock, in one `PATCH` per product. */
function BulkEdit({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const api = useApi();
  const [stock, setStock] = useState<number | string>('');
  const [busy, setBusy] = useState(false);
  async function apply(change: Record<string, unknown>) {
    setBusy(true);
    try {
      for (const id of ids) await api.patch(`/api/product/${id}`, change);
      notifications.show({ color: 'green', message: `${ids.length} ${ids.length === 1 ? 'product' : 'products'} changed` });
      onDone();
    } catch {
      onDone();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Paper withBorder p="sm" mb="md" data-testid="bulk-edit">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Text size="sm" fw={600}>{ids.length} selected</Text>
        <Button size="xs" variant="light" loading={busy} onClick={() => apply({ active: true })}>Activate</Button>
        <Button size="xs" variant="light" color="gray" loading={busy} onClick={() => apply({ active: false })}>Deactivate</Button>
        <NumberInput size="xs" label="Stock" value={stock} onChange={setStock} allowDecimal={false} min={0} w={100} />
        <Button size="xs" variant="light" loading={busy} disabled={stock === ''} onClick={() => apply({ stock: Number(stock) })}>Set stock</Button>
      </Group>
    </Paper>
  );
}

/** Main products (variants are edited on their parent), paged, sorted, searched and filtered on the server; the state lives in the URL. */
export function ProductList() {
  const api = useApi();
  const can = useCan();
  const list = useListParams({ field: 'createdAt', order: 'DESC' });
  const term = list.get('term');
  const active = list.get('active');
  const setTerm = useDebouncedCallback((value: string) => list.set({ term: value }), 300);
  const [selected, setSelected] = useState<string[]>([]);
  const products = useLoad(
    () =>
      api.search<ProductRecord & { createdAt: string }>('product', {
        page: list.page,
        limit: PAGE_SIZE,
        'total-count-mode': 1,
        ...(term ? { term } : {}),
        filter: [{ type: 'equals', field: 'parentId', value: null }, ...(active ? [{ type: 'equals', field: 'active', value: active === 'yes' }] : [])],
        sort: [list.sort],
        associations: { children: {} },
      }),
    [term, active, list.page, list.sort.field, list.sort.order],
    { keepPrevious: true },
  );
  const currencies = useLoad(() => api.search<{ id: string; isoCode: string }>('currency', { limit: 100 }).then((answer) => new Map(answer.data.map((c) => [c.id, c.isoCode]))), []);
  const rows = products.data?.data ?? [];
  const toggle = (id: string) => setSelected((current) => (current.includes(id) ? current.filter((other) => other !== id) : [...current, id]));
  const allSelected = rows.length > 0 && rows.every((row) => selected.includes(row.id));

  return (
    <>
      <PageHeader
        title="Products"
        subtitle={products.data ? `${products.data.total} ${products.data.total === 1 ? 'product' : 'products'}` : undefined}
        actions={can('product:create') && <Button component={Link} to="/catalogue/products/new">Add product</Button>}
      />
      <Paper withBorder p="md" mb="md">
        <Group align="flex-end" wrap="wrap">
          <TextInput label="Search" placeholder="Name, number…" defaultValue={term} onChange={(e) => setTerm(e.currentTarget.value)} style={{ flex: 1 }} miw={200} />
          <div>
            <Text size="sm" fw={500} mb={4} id="active-filter">Active</Text>
            <SegmentedControl aria-labelledby="active-filter" value={active || 'all'} onChange={(value) => list.set({ active: value === 'all' ? null : value })} data={[{ value: 'all', label: 'All' }, { value: 'yes', label: 'Active' }, { value: 'no', label: 'Inactive' }]} />
          </div>
        </Group>
      </Paper>
      {selected.length > 0 && can('product:update') && (
        <BulkEdit
          ids={selected}
          onDone={() => {
            setSelected([]);
            products.reload();
          }}
        />
      )}
      <Paper withBorder>
        {products.error ? (
          <LoadError error={products.error} onRetry={products.reload} />
        ) : !products.data ? (
          <Loading />
        ) : rows.length === 0 ? (
          <EmptyState title="No products found">{term || active ? 'Change the search or the filter.' : 'Add a product to start the catalogue.'}</EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover verticalSpacing="sm" aria-label="Products" style={{ opacity: products.loading ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox aria-label="Select all products on this page" checked={allSelected} onChange={() => setSelected(allSelected ? [] : rows.map((row) => row.id))} />
                  </Table.Th>
                  <SortableTh field="name" sort={list.sort} onSort={list.toggleSort}>Name</SortableTh>
                  <SortableTh field="productNumber" sort={list.sort} onSort={list.toggleSort}>Number</SortableTh>
                  <Table.Th>Price</Table.Th>
                  <SortableTh field="stock" sort={list.sort} onSort={list.toggleSort}>Stock</SortableTh>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((product) => (
                  <Table.Tr key={product.id}>
                    <Table.Td>
                      <Checkbox aria-label={`Select ${product.name ?? product.productNumber}`} checked={selected.includes(product.id)} onChange={() => toggle(product.id)} />
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/catalogue/products/${product.id}`} fw={600}>
                        {product.name ?? product.productNumber}
                      </Anchor>
                      {(product.children?.length ?? 0) > 0 && <Text size="xs" c="dimmed">{product.children!.length} variants</Text>}
                    </Table.Td>
                    <Table.Td>{product.productNumber}</Table.Td>
                    <Table.Td>{product.price?.[0] ? <Money value={product.price[0].gross} currency={currencies.data?.get(product.price[0].currencyId)} /> : '–'}</Table.Td>
                    <Table.Td>{product.stock}</Table.Td>
                    <Table.Td>{product.active ? <Badge variant="light" color="green">Active</Badge> : <Badge variant="light" color="gray">Inactive</Badge>}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <ListPages total={products.data?.total ?? 0} pageSize={PAGE_SIZE} list={list} label="Product pages" />
    </>
  );
}
