import { useState } from 'react';
import { Badge, Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PageHeader, useApi, useCan } from '../../sdk';
import { EntityTable } from '../../components/entity-table';
import { SaveProblems, useEntitySave } from '../../components/entity-form';
import { READABLE_ERRORS } from '../../components/field-errors';
import { useListParams } from '../../components/list-params';

interface Review {
  id: string;
  title: string;
  content: string;
  points: number;
  status: boolean;
  createdAt: string;
  externalUser: string | null;
  /** The shop's reply, shown under the review in the storefront. */
  comment: string | null;
  updatedAt: string | null;
  product?: { name: string | null; productNumber: string } | null;
}

/**
 * The shop's reply to a review (Shopware's `comment`), saved alone or with the approval; an empty reply
 * removes it. The API's violations stand at the field.
 */
function ReplyDialog({ review, onClose, onSaved }: { review: Review; onClose: () => void; onSaved: () => void }) {
  const api = useApi();
  const [reply, setReply] = useState(review.comment ?? '');
  const save = useEntitySave();
  async function submit(approve: boolean) {
    const comment = reply.trim() === '' ? null : reply;
    const done = await save.run(
      () => api.patch(`/api/product-review/${review.id}`, { comment, ...(approve ? { status: true } : {}) }, { quiet: [400, 409] }).then(() => undefined),
      { api, entity: 'product-review', id: review.id, updatedAt: review.updatedAt },
      comment === null ? 'The reply is removed.' : approve ? 'The reply is saved and the review approved.' : 'The reply is saved.',
    );
    if (done) onSaved();
  }
  return (
    <Modal opened onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title={`Reply to “${review.title}”`} size="lg">
      <Stack style={READABLE_ERRORS}>
        <SaveProblems conflict={save.conflict} errors={save.errors} fields={['comment']} onReload={onSaved} />
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{review.content}</Text>
        <Textarea label="Your reply" description="Shown under the review in the shop, as the shop's answer" autosize minRows={3} value={reply} onChange={(e) => setReply(e.currentTarget.value)} error={save.errorOf('comment')} data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          {!review.status && (
            <Button variant="light" color="green" onClick={() => submit(true)} loading={save.saving}>
              Save and approve
            </Button>
          )}
          <Button onClick={() => submit(false)} loading={save.saving}>
            Save reply
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Product reviews: approve (shown in the storefront), reject (hidden again), reply (the shop's answer under
 * the review) or delete; filtered by status in the URL (`?status=open`).
 */
export function Reviews() {
  const api = useApi();
  const can = useCan();
  const list = useListParams({ field: 'createdAt', order: 'DESC' });
  const status = list.get('status');
  const [round, setRound] = useState(0);
  const [replying, setReplying] = useState<Review | null>(null);

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
                {review.comment && (
                  <Text size="xs" lineClamp={2} data-testid="review-reply">
                    <Text span fw={600} size="xs">Reply: </Text>
                    {review.comment}
                  </Text>
                )}
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
                {can('product_review:update') && <Button size="compact-xs" variant="light" onClick={() => setReplying(review)} aria-label={`${review.comment ? 'Edit reply to' : 'Reply to'} ${review.title}`}>{review.comment ? 'Edit reply' : 'Reply'}</Button>}
                {can('product_review:delete') && <Button size="compact-xs" variant="subtle" color="red" onClick={() => act(review, 'delete')} aria-label={`Delete ${review.title}`}>Delete</Button>}
              </Group>
            ),
          },
        ]}
      />
      {replying && (
        <ReplyDialog
          review={replying}
          onClose={() => setReplying(null)}
          onSaved={() => {
            setReplying(null);
            setRound((n) => n + 1);
          }}
        />
      )}
    </>
  );
}
