import { ActionIcon, Button, Group, NumberInput, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { newEntityId } from '../../components/entity-form';
import { PRODUCT_SEARCH, ProductsPicker } from '../cms/product-picker';
import { useRecordOptions } from '../cms/record-options';
import type { CrossSellingRow } from './catalogue-data';
import { rowProblems } from './product-advanced-prices';

/** A cross-selling group as the form edits it: the assigned products as ids in their order. */
export interface CrossSellingDraft {
  id: string;
  name: string;
  position: number;
  active: boolean;
  productIds: string[];
}

export function crossSellingDrafts(rows: CrossSellingRow[] | undefined): CrossSellingDraft[] {
  return (rows ?? []).map((row) => ({
    id: row.id,
    name: row.name,
    position: row.position,
    active: row.active,
    productIds: [...(row.assignedProducts ?? [])].sort((a, b) => a.position - b.position).map((assigned) => assigned.productId),
  }));
}

/**
 * The groups as the product's write takes them: each assigned product keeps its stored row (found by the
 * product it names) so a reorder updates positions instead of replacing rows.
 */
export function crossSellingPayload(drafts: CrossSellingDraft[], stored: CrossSellingRow[] | undefined) {
  return drafts.map((draft) => {
    const storedRows = new Map(stored?.find((row) => row.id === draft.id)?.assignedProducts?.map((assigned) => [assigned.productId, assigned.id]));
    return {
      id: draft.id,
      name: draft.name,
      position: draft.position,
      active: draft.active,
      type: 'productList' as const,
      assignedProducts: draft.productIds.map((productId, position) => ({ id: storedRows.get(productId) ?? newEntityId(), productId, position })),
    };
  });
}

/** The chosen products in their order, each movable up and down (the storefront's row shows them so). */
function AssignedOrder({ group, productIds, onChange, disabled }: { group: string; productIds: string[]; onChange: (ids: string[]) => void; disabled: boolean }) {
  const { found } = useRecordOptions(PRODUCT_SEARCH, productIds, '');
  const move = (from: number, to: number) => {
    const next = [...productIds];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  if (productIds.length === 0) return null;
  return (
    <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`Order of ${group}`}>
      {productIds.map((id, index) => {
        const name = found.get(id)?.label ?? '…';
        return (
          <Group key={id} component="li" gap="xs" wrap="nowrap" justify="space-between" data-testid="cross-selling-assigned">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {index + 1}. {name}
            </Text>
            {!disabled && (
              <Group gap={2} wrap="nowrap">
                <ActionIcon variant="subtle" aria-label={`Move ${name} up in ${group}`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                  ↑
                </ActionIcon>
                <ActionIcon variant="subtle" aria-label={`Move ${name} down in ${group}`} disabled={index === productIds.length - 1} onClick={() => move(index, index + 1)}>
                  ↓
                </ActionIcon>
              </Group>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}

/**
 * Cross-selling groups of the product (Shopware's `product_cross_selling` of type productList: the shop has
 * no product streams): name, position, active and the assigned products in their order, shown as a row of
 * product cards on the storefront's product page. Saved with the product.
 */
export function ProductCrossSelling(props: { value: CrossSellingDraft[]; onChange: (groups: CrossSellingDraft[]) => void; disabled: boolean; errors: Record<string, string> }) {
  const { value, onChange } = props;
  const update = (index: number, change: Partial<CrossSellingDraft>) => onChange(value.map((group, i) => (i === index ? { ...group, ...change } : group)));
  const add = () => onChange([...value, { id: newEntityId(), name: '', position: Math.max(0, ...value.map((group) => group.position)) + 1, active: true, productIds: [] }]);
  return (
    <Stack gap="sm" data-testid="cross-selling">
      {value.length === 0 && <Text size="sm">No cross-selling. A group shows its products as a row on the product page.</Text>}
      {value.map((group, index) => {
        const at = `crossSellings.${index}`;
        const title = group.name.trim() || `group ${index + 1}`;
        const assignedProblem = rowProblems(props.errors, `${at}.assignedProducts`, []);
        const problem = rowProblems(props.errors, at, [`${at}.name`, `${at}.position`, `${at}.assignedProducts`]);
        return (
          <Paper withBorder p="sm" key={group.id} role="group" aria-label={`Cross-selling ${title}`} data-testid="cross-selling-group">
            <Stack gap="xs">
              <Group align="flex-start" gap="sm" wrap="wrap">
                <TextInput label={`Name of cross-selling ${index + 1}`} required value={group.name} onChange={(e) => update(index, { name: e.currentTarget.value })} error={props.errors[`${at}.name`]} disabled={props.disabled} w={260} />
                <NumberInput label={`Position of cross-selling ${index + 1}`} min={0} allowDecimal={false} value={group.position} onChange={(position) => update(index, { position: Number(position) || 0 })} error={props.errors[`${at}.position`]} disabled={props.disabled} w={190} />
                <Switch label="Active" checked={group.active} onChange={(e) => update(index, { active: e.currentTarget.checked })} disabled={props.disabled} mt="xl" aria-label={`Active: cross-selling ${index + 1}`} />
              </Group>
              <Text size="xs" c="dimmed">Type: assigned products</Text>
              <ProductsPicker label={`Products of cross-selling ${index + 1}`} value={group.productIds} onChange={(productIds) => update(index, { productIds })} error={assignedProblem} disabled={props.disabled} />
              <AssignedOrder group={title} productIds={group.productIds} onChange={(productIds) => update(index, { productIds })} disabled={props.disabled} />
              {problem && <Text c="red.9" size="sm" role="alert">{problem}</Text>}
              {!props.disabled && (
                <Group justify="flex-end">
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => onChange(value.filter((_, i) => i !== index))} aria-label={`Remove cross-selling ${title}`}>
                    Remove
                  </Button>
                </Group>
              )}
            </Stack>
          </Paper>
        );
      })}
      {!props.disabled && (
        <Group>
          <Button variant="light" size="xs" onClick={add}>
            Add cross-selling
          </Button>
        </Group>
      )}
    </Stack>
  );
}
