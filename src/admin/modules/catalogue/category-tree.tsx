import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Select, Stack, Switch, Text, TextInput, UnstyledButton } from '@mantine/core';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { notifications } from '@mantine/notifications';
import { LoadError, Loading, PageHeader, useApi, useCan, useLoad } from '../../sdk';
import { newEntityId, SaveProblems, useEntitySave } from '../../components/entity-form';
import { flattenTree, planMove, type CategoryNode } from './category-order';

type FlatNode = CategoryNode & { depth: number };

function Row({ node, movable, onEdit }: { node: FlatNode; movable: boolean; onEdit: () => void }) {
  const sortable = useSortable({ id: node.id, disabled: !movable });
  return (
    <Paper
      ref={sortable.setNodeRef}
      withBorder
      px="sm"
      py={6}
      ml={node.depth * 24}
      data-testid={`category-row-${node.name}`}
      style={{ transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition, opacity: sortable.isDragging ? 0.5 : 1 }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {movable && (
            <UnstyledButton {...sortable.attributes} {...sortable.listeners} aria-label={`Drag ${node.name}`} style={{ cursor: 'grab', touchAction: 'none' }} px={4}>
              ⠿
            </UnstyledButton>
          )}
          <Text size="sm" fw={node.depth === 0 ? 700 : 500} truncate>
            {node.name}
          </Text>
          {!node.active && <Badge size="xs" variant="light" color="gray">Inactive</Badge>}
        </Group>
        <Button size="compact-xs" variant="subtle" onClick={onEdit} aria-label={`Edit ${node.name}`}>
          Edit
        </Button>
      </Group>
    </Paper>
  );
}

/** A dialog that creates a category or renames, activates and re-parents one (`parentId`; the API keeps the tree's paths). */
function CategoryEditor({ node, parentId, flat, onClose, onSaved }: { node: FlatNode | null; parentId: string | null; flat: FlatNode[]; onClose: () => void; onSaved: () => void }) {
  const api = useApi();
  const can = useCan();
  const [name, setName] = useState(node?.name ?? '');
  const [active, setActive] = useState(node?.active ?? true);
  const [parent, setParent] = useState<string | null>(node ? node.parentId : parentId);
  const save = useEntitySave();
  const editable = can(node ? 'category:update' : 'category:create');
  async function submit() {
    const ok = await save.run(
      async () => {
        if (node) await api.patch(`/api/category/${node.id}`, { name, active, ...(parent !== node.parentId ? { parentId: parent, afterCategoryId: null } : {}) }, { quiet: [400, 409] });
        else {
          // a new category goes last among its siblings
          const siblings = flat.filter((other) => other.parentId === parent);
          await api.post('/api/category', { id: newEntityId(), name, active, parentId: parent, afterCategoryId: siblings[siblings.length - 1]?.id ?? null }, { quiet: [400, 409] });
        }
      },
      node ? { api, entity: 'category', id: node.id, updatedAt: node.updatedAt ?? null } : undefined,
    );
    if (ok) onSaved();
  }
  return (
    <Modal opened onClose={onClose} title={node ? `Edit ${node.name}` : 'New category'}>
      <Stack>
        <SaveProblems conflict={save.conflict} errors={save.errors} fields={['name', 'parentId']} onReload={onSaved} />
        <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={save.errorOf('name')} disabled={!editable} data-autofocus />
        <Select
          label="Parent"
          clearable
          placeholder="None (a root category)"
          data={flat.filter((other) => other.id !== node?.id).map((other) => ({ value: other.id, label: `${'— '.repeat(other.depth)}${other.name}` }))}
          value={parent}
          onChange={setParent}
          error={save.errorOf('parentId')}
          disabled={!editable}
        />
        <Switch label="Active" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} disabled={!editable} />
        {editable && (
          <Group justify="flex-end">
            <Button onClick={submit} loading={save.saving}>
              {node ? 'Save' : 'Create'}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

/**
 * The category tree: drag a category onto another row (or move it with the keyboard: space, arrows, space)
 * to place it beside that one; the writes set `parentId` and `afterCategoryId` as Shopware's tree does.
 */
export function CategoryTree() {
  const api = useApi();
  const can = useCan();
  const categories = useLoad(
    () => api.search<CategoryNode>('category', { limit: 500, includes: { category: ['id', 'parentId', 'afterCategoryId', 'name', 'active', 'childCount', 'updatedAt'] } }).then((answer) => flattenTree(answer.data)),
    [],
  );
  const [editing, setEditing] = useState<{ node: FlatNode | null; parentId: string | null } | null>(null);
  const [moving, setMoving] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const movable = can('category:update');

  async function dragEnd(event: DragEndEvent) {
    if (!event.over || !categories.data) return;
    const patches = planMove(categories.data, String(event.active.id), String(event.over.id));
    if (patches.length === 0) return;
    setMoving(true);
    try {
      for (const patch of patches) {
        const { id, ...body } = patch;
        await api.patch(`/api/category/${id}`, body);
      }
      const moved = categories.data.find((node) => node.id === event.active.id);
      notifications.show({ color: 'green', message: `${moved?.name ?? 'The category'} moved` });
    } catch {
      // the client showed the API's message; the tree is read again either way
    } finally {
      setMoving(false);
      categories.reload();
    }
  }

  return (
    <>
      <PageHeader
        title="Categories"
        subtitle="Drag a category onto another to place it beside that one; Edit changes its name, parent and status."
        actions={can('category:create') && <Button onClick={() => setEditing({ node: null, parentId: categories.data?.[0]?.id ?? null })}>Add category</Button>}
      />
      {categories.error ? (
        <LoadError error={categories.error} onRetry={categories.reload} />
      ) : !categories.data ? (
        <Loading />
      ) : (
        <Stack gap={4} component="section" aria-label="Category tree" aria-busy={moving || categories.loading}>
          {!movable && <Alert color="gray" mb="sm">Your role may look at categories but not move them.</Alert>}
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd}>
            <SortableContext items={categories.data.map((node) => node.id)} strategy={verticalListSortingStrategy}>
              {categories.data.map((node) => (
                <Row key={node.id} node={node} movable={movable && !moving} onEdit={() => setEditing({ node, parentId: node.parentId })} />
              ))}
            </SortableContext>
          </DndContext>
        </Stack>
      )}
      {editing && categories.data && (
        <CategoryEditor
          node={editing.node}
          parentId={editing.parentId}
          flat={categories.data}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            categories.reload();
          }}
        />
      )}
    </>
  );
}
