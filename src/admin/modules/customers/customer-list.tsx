import { Link } from 'react-router';
import { Anchor, Badge, Group, Paper, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { DateTime, EmptyState, LoadError, Loading, PageHeader, useApi, useLoad } from '../../sdk';
import { ListPages } from '../../components/list-pages';
import { useListParams } from '../../components/list-params';
import { SortableTh } from '../../components/sortable-th';

const PAGE_SIZE = 25;

export interface CustomerRow {
  id: string;
  customerNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  active: boolean;
  guest?: boolean;
  createdAt: string;
  group?: { name: string } | null;
}

export function CustomerList() {
  const api = useApi();
  const list = useListParams({ field: 'createdAt', order: 'DESC' });
  const term = list.get('q');
  const setTerm = useDebouncedCallback((value: string) => list.set({ q: value }), 300);
  const customers = useLoad(
    () =>
      api.search<CustomerRow>('customer', {
        page: list.page,
        limit: PAGE_SIZE,
        'total-count-mode': 1,
        ...(term ? { term } : {}),
        sort: [list.sort],
        associations: { group: {} },
      }),
    [term, list.page, list.sort.field, list.sort.order],
    { keepPrevious: true },
  );

  return (
    <>
      <PageHeader title="Customers" subtitle={customers.data ? `${customers.data.total} ${customers.data.total === 1 ? 'customer' : 'customers'}` : undefined} />
      <Paper withBorder p="md" mb="md">
        <TextInput label="Search" placeholder="Name, email, customer number…" defaultValue={term} onChange={(e) => setTerm(e.currentTarget.value)} />
      </Paper>
      <Paper withBorder>
        {customers.error ? (
          <LoadError error={customers.error} onRetry={customers.reload} />
        ) : !customers.data ? (
          <Loading />
        ) : customers.data.data.length === 0 ? (
          <EmptyState title="No customers found">{term ? 'Change the search.' : 'Customers who register in the storefront appear here.'}</EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover verticalSpacing="sm" aria-label="Customers" style={{ opacity: customers.loading ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="lastName" sort={list.sort} onSort={list.toggleSort}>Name</SortableTh>
                  <SortableTh field="customerNumber" sort={list.sort} onSort={list.toggleSort}>Number</SortableTh>
                  <Table.Th>Group</Table.Th>
                  <SortableTh field="createdAt" sort={list.sort} onSort={list.toggleSort}>Since</SortableTh>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {customers.data.data.map((customer) => (
                  <Table.Tr key={customer.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/customers/${customer.id}`} fw={600}>
                        {customer.firstName} {customer.lastName}
                      </Anchor>
                      <Text size="xs" c="dimmed">{customer.email}</Text>
                    </Table.Td>
                    <Table.Td>{customer.customerNumber}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {customer.group?.name ?? '–'}
                        {customer.guest && <Badge size="xs" variant="light" color="gray">Guest</Badge>}
                        {!customer.active && <Badge size="xs" variant="light" color="red">Inactive</Badge>}
                      </Group>
                    </Table.Td>
                    <Table.Td><DateTime value={customer.createdAt} /></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <ListPages total={customers.data?.total ?? 0} pageSize={PAGE_SIZE} list={list} label="Customer pages" siblings={0} />
    </>
  );
}
