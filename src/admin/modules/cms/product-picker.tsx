import { useState } from 'react';
import { MultiSelect, Select, type OptionsFilter } from '@mantine/core';
import { useRecordOptions, type RecordSearch } from './record-options';

/** Products by name and number; variants too (a slider may show one variant). */
export const PRODUCT_SEARCH: RecordSearch = {
  entity: 'product',
  fields: ['name', 'productNumber'],
  label: (product) => `${product.name ?? product.productNumber} (${product.productNumber})`,
};

/** What both pickers share: the server-side search by name or number, the caller's label, error and state. */
function useProductSearch(selected: string[], props: { label: string; error?: string; disabled?: boolean }) {
  const [search, setSearch] = useState('');
  const { options } = useRecordOptions(PRODUCT_SEARCH, selected, search);
  return {
    label: props.label,
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    filter: (({ options: all }) => all) as OptionsFilter,
    data: options,
    error: props.error,
    disabled: props.disabled,
    nothingFoundMessage: 'No product found',
  };
}

/** Products of a product slider, in the chosen order; searched by name or number on the server. */
export function ProductsPicker(props: { label: string; value: string[]; onChange: (ids: string[]) => void; error?: string; disabled?: boolean }) {
  const shared = useProductSearch(props.value, props);
  return <MultiSelect {...shared} description="Type a name or number to search; shown in the order chosen" value={props.value} onChange={props.onChange} />;
}

/** The one product of a product box. */
export function ProductPicker(props: { label: string; value: string | null; onChange: (id: string | null) => void; error?: string; disabled?: boolean }) {
  const shared = useProductSearch(props.value ? [props.value] : [], props);
  return <Select {...shared} description="Type a name or number to search" clearable value={props.value} onChange={props.onChange} />;
}
