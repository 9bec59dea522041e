import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useApi, useLoad } from '../../sdk';

/** A record offered by a picker: its id, what a person reads, and the layout it uses now (assignment pickers). */
interface Found {
  id: string;
  label: string;
  cmsPageId?: string | null;
}

export interface RecordSearch {
  /** The entity as the search route spells it (`product`, `landing-page`). */
  entity: string;
  /** Fields the label is made of; the answer includes only these, `id` and `cmsPageId`. */
  fields: string[];
  label: (record: Record<string, any>) => string;
  /** Extra criteria of every search (e.g. main products only). */
  filter?: unknown[];
}

/**
 * The options of a server-searched picker: the chosen records (by id, named once read) and 20 matches of
 * what is typed, so a catalogue of any size stays one small search per pause in typing.
 */
export function useRecordOptions(search: RecordSearch, chosen: string[], typed: string): { options: Array<{ value: string; label: string }>; found: Map<string, Found> } {
  const api = useApi();
  const [term] = useDebouncedValue(typed.trim(), 250);
  const [known, setKnown] = useState<Map<string, Found>>(new Map());
  const includes = { [search.entity.replace(/-/g, '_')]: ['id', 'cmsPageId', ...search.fields] };
  const missing = chosen.filter((id) => !known.has(id));
  const named = useLoad(
    () => (missing.length === 0 ? Promise.resolve([]) : api.search<Record<string, any>>(search.entity, { ids: missing, includes }).then((answer) => answer.data)),
    [search.entity, missing.join(',')],
  );
  const matches = useLoad(
    () =>
      api
        .search<Record<string, any>>(search.entity, { limit: 20, ...(search.filter ? { filter: search.filter } : {}), ...(term ? { term } : { sort: [{ field: search.fields[0], order: 'ASC' }] }), includes })
        .then((answer) => answer.data),
    [search.entity, term],
    { keepPrevious: true },
  );
  useEffect(() => {
    const records = [...(named.data ?? []), ...(matches.data ?? [])];
    if (records.some((record) => !known.has(record.id))) {
      setKnown((current) => new Map([...current, ...records.map((record) => [record.id as string, { id: record.id as string, label: search.label(record), cmsPageId: record.cmsPageId ?? null }] as const)]));
    }
  }, [named.data, matches.data, known, search]);
  const ids = new Set([...chosen, ...(matches.data ?? []).map((record) => record.id as string)]);
  return { options: [...ids].map((id) => ({ value: id, label: known.get(id)?.label ?? '…' })), found: known };
}
