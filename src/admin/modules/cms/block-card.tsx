import type { KeyboardEvent, ReactNode } from 'react';
import { ActionIcon, Button, Group, Menu, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

/**
 * One block of the editor: its name, a drag handle (within its section, `@dnd-kit/sortable`), ↑/↓ buttons, a
 * "Move to" menu of the other sections (the block goes to that section's end), a remove button, and its elements'
 * forms. Focused, Alt+↑ / Alt+↓ move it (`onKeyDown`).
 */
export function BlockCard(props: {
  id: string;
  name: string;
  editable: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove: (by: -1 | 1) => void;
  sectionIndex: number;
  sectionCount: number;
  onMoveToSection: (to: number) => void;
  onRemove: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
  children: ReactNode;
}) {
  const { id, name, editable } = props;
  const sortable = useSortable({ id, disabled: !editable });
  return (
    <Paper
      ref={sortable.setNodeRef}
      withBorder
      p="sm"
      bg="gray.0"
      tabIndex={editable ? 0 : undefined}
      data-block-id={id}
      data-testid="layout-block"
      aria-label={`${name}${editable ? ', Alt+Arrow keys move it' : ''}`}
      onKeyDown={props.onKeyDown}
      style={{ transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition, opacity: sortable.isDragging ? 0.6 : 1 }}
    >
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Group gap={4} wrap="nowrap">
          {editable && (
            <UnstyledButton {...sortable.attributes} {...sortable.listeners} aria-label={`Drag ${name}`} style={{ cursor: 'grab', touchAction: 'none' }} px={4}>
              ⠿
            </UnstyledButton>
          )}
          <Text fw={600} size="sm">
            {name}
          </Text>
        </Group>
        {editable && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" disabled={!props.canMoveUp} onClick={() => props.onMove(-1)} aria-label={`Move ${name} up`}>
              ↑
            </ActionIcon>
            <ActionIcon variant="subtle" disabled={!props.canMoveDown} onClick={() => props.onMove(1)} aria-label={`Move ${name} down`}>
              ↓
            </ActionIcon>
            {props.sectionCount > 1 && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button size="compact-sm" variant="subtle" aria-label={`${name}: move to section`}>
                    Move to section
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {Array.from({ length: props.sectionCount }, (_, to) => to)
                    .filter((to) => to !== props.sectionIndex)
                    .map((to) => (
                      <Menu.Item key={to} onClick={() => props.onMoveToSection(to)}>
                        Section {to + 1}
                      </Menu.Item>
                    ))}
                </Menu.Dropdown>
              </Menu>
            )}
            <Button size="compact-sm" variant="subtle" color="red" onClick={props.onRemove} aria-label={`Remove ${name}`}>
              Remove
            </Button>
          </Group>
        )}
      </Group>
      <Stack gap="sm">{props.children}</Stack>
    </Paper>
  );
}
