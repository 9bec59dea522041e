import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, NumberInput, Switch } from '@mantine/core';
import { PageHeader, useApi, useCan } from '../../sdk';
import { EntityTable, type EntityColumn } from '../../components/entity-table';
import { useListParams } from '../../components/list-params';
import { ActiveFilter, activeFilterOf, BackLink } from './settings-parts';

interface Row {
  id: string;
  name: string;
  position: number;
  [field: string]: unknown;
}

/**
 * A list whose rows are switched on and off and ordered in place (payment and shipping methods, countries): each
 * change is one PATCH of that row; the list reads again after it, so it always shows what is stored.
 */
export function SwitchList(props: {
  title: string;
  entity: string;
  /** The privilege prefix, e.g. `payment_method`. */
  privilegeEntity: string;
  label: string;
  switches: Array<{ field: string; label: string }>;
  extraColumns?: Array<EntityColumn<Row>>;
  criteria?: Record<string, unknown>;
  description?: ReactNode;
  /** The row's detail page: the name links there. */
  linkOf?: (row: Row) => string;
  /** Buttons beside the title (e.g. "New …"). */
  actions?: ReactNode;
  /** An All / Active / Inactive filter kept in the URL (`active=yes|no`). */
  activeFilter?: boolean;
}) {
  const api = useApi();
  const can = useCan();
  const editable = can(`${props.privilegeEntity}:update`);
  const [round, setRound] = useState(0);
  const list = useListParams({ field: 'position', order: 'ASC' });
  const active = props.activeFilter ? list.get('active') : '';
  const criteria = { ...props.criteria, filter: [...((props.criteria?.filter as unknown[]) ?? []), ...activeFilterOf(active)] };
  const patch = async (row: Row, body: Record<string, unknown>) => {
    try {
      await api.patch(`/api/${props.entity}/${row.id}`, body);
    } finally {
      setRound((n) => n + 1);
    }
  };

  return (
    <>
      <PageHeader title={props.title} subtitle={<BackLink />} actions={props.actions} />
      {props.description}
      {props.activeFilter && <ActiveFilter list={list} id={`${props.entity}-active-filter`} />}
      <EntityTable<Row>
        entity={props.entity}
        label={props.label}
        defaultSort={{ field: 'position', order: 'ASC' }}
        criteria={criteria}
        searchPlaceholder="Name…"
        reloadKey={`${round}:${active}`}
        columns={[
          {
            label: 'Name',
            sortField: 'name',
            render: (row) =>
              props.linkOf ? (
                <Anchor component={Link} to={props.linkOf(row)}>
                  {row.name}
                </Anchor>
              ) : (
                row.name
              ),
          },
          ...(props.extraColumns ?? []),
          ...props.switches.map((toggle) => ({
            label: toggle.label,
            sortField: toggle.field,
            render: (row: Row) => (
              <Switch aria-label={`${toggle.label}: ${row.name}`} checked={Boolean(row[toggle.field])} disabled={!editable} onChange={(e) => patch(row, { [toggle.field]: e.currentTarget.checked })} />
            ),
          })),
          {
            label: 'Position',
            sortField: 'position',
            render: (row) => (
              <NumberInput
                aria-label={`Position: ${row.name}`}
                w={90}
                size="xs"
                allowDecimal={false}
                defaultValue={row.position}
                readOnly={!editable}
                onBlur={(e) => {
                  const value = Number(e.currentTarget.value);
                  if (Number.isInteger(value) && value !== row.position) void patch(row, { position: value });
                }}
              />
            ),
          },
        ]}
      />
    </>
  );
}
