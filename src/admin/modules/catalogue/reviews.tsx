import { useState } from 'react';
import { Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PageHeader, useApi, useCan } from '../../sdk';
import { EntityTable } from '../../components/entity-table';
import { useListParams } from '../../components/list-params';

interface Review {
  id: string;
  title: string;
  content: string;
  points: number;
  status: boolean;
  createdAt: string;
  externalUser: string | null;
  product?: { name: string | null; productNumber: string } | null;
}

/**
 * Product reviews: approve (shown in the storefront), reject (hidden again) or delete; filtered by status
 * in the URL (`?status=open`). The Admin API's review has no reply field (Shopware's `comment`), so there is no reply.
 */
export function Reviews() {
  const api = useApi();
  const can = useCan();
  const list = useListParams({ field: 'createdAt', order: 'DESC' });
  const status = list.get('status');
  const [round, setRound] = useState(0);

  async function act(review: Review, action: 'approve' | 'reject' | 'delete') {
    try {
      if (action === 'delete') await api.delete(`/api/product-review/${review.id}`);
      else await api.patch(`/api/product-review/${review.id}`, { status: action === 'approve' });
      notifications.show({ color: 'green', message: `“${review.title}” ${action === 'approve' ? 'approved' : action === 'reject' ? 'rejected' : 'deleted'}` });
    } catch {
      // the client showed the API's message
    }
    setRound((n) => n + 1);
  }

  return (
    <>
      <PageHeader title="Reviews" />
      <Group mb="md">
        <SegmentedControl
          aria-label="Review status"
          value={status || 'all'}
          onChange={(value) => list.set({ status: value === 'all' ? null : value })}
          data={[{ value: 'all', label: 'All' }, { value: 'open', label: 'Awaiting approval' }, { value: 'approved', label: 'Approved' }]}
        />
      </Group>
      <EntityTable<Review>
        entity="product-review"
        label="Reviews"
        defaultSort={{ field: 'createdAt', order: 'DESC' }}
        criteria={{ associations: { product: {} }, ...(status ? { filter: [{ type: 'equals', field: 'status', value: status === 'approved' }] } : {}) }}
        reloadKey={`${round}-${status}`}
        emptyText="Reviews customers write in the storefront appear here."
        columns={[
          {
            label: 'Review',
            sortField: 'title',
            render: (review) => (
              <Stack gap={2} maw={420}>
                <Text fw={600} size="sm">{review.title}</Text>
                <Text size="xs" lineClamp={2}>{review.content}</Text>
                <Text size="xs" c="dimmed">{review.product?.name ?? review.product?.productNumber ?? ''}{review.externalUser ? ` · ${review.externalUser}` : ''}</Text>
              </Stack>
            ),
          },
          { label: 'Rating', sortField: 'points', render: (review) => `${review.points} / 5` },
          { label: 'Status', sortField: 'status', render: (review) => (review.status ? <Badge color="green" variant="light">Approved</Badge> : <Badge color="yellow" variant="light">Not approved</Badge>) },
          {
            label: 'Actions',
            render: (review) => (
              <Group gap={4} wrap="nowrap">
                {can('product_review:update') && !review.status && <Button size="compact-xs" variant="light" color="green" onClick={() => act(review, 'approve')} aria-label={`Approve ${review.title}`}>Approve</Button>}
                {can('product_review:update') && review.status && <Button size="compact-xs" variant="light" color="gray" onClick={() => act(review, 'reject')} aria-label={`Reject ${review.title}`}>Reject</Button>}
                {can('product_review:delete') && <Button size="compact-xs" variant="subtle" color="red" onClick={() => act(review, 'delete')} aria-label={`Delete ${review.title}`}>Delete</Button>}
              </Group>
            ),
          },
        ]}
      />
    </>
  );
}
