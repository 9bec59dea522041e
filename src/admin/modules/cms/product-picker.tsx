import { useState } from 'react';
import { MultiSelect, Select } from '@mantine/core';
import { useRecordOptions, type RecordSearch } from './record-options';

/** Products by name and number; variants too (a slider may show one variant). */
export const PRODUCT_SEARCH: RecordSearch = {
  entity: 'product',
  fields: ['name', 'productNumber'],
  label: (product) => `${product.name ?? product.productNumber} (${product.productNumber})`,
};

/** Products of a product slider, in the chosen order; searched by name or number on the server. */
export function ProductsPicker(props: { label: string; value: string[]; onChange: (ids: string[]) => void; error?: string; disabled?: boolean }) {
  const [search, setSearch] = useState('');
  const { options } = useRecordOptions(PRODUCT_SEARCH, props.value, search);
  return (
    <MultiSelect
      label={props.label}
      description="Type a name or number to search; shown in the order chosen"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      data={options}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      disabled={props.disabled}
      nothingFoundMessage="No product found"
    />
  );
}

/** The one product of a product box. */
export function ProductPicker(props: { label: string; value: string | null; onChange: (id: string | null) => void; error?: string; disabled?: boolean }) {
  const [search, setSearch] = useState('');
  const { options } = useRecordOptions(PRODUCT_SEARCH, props.value ? [props.value] : [], search);
  return (
    <Select
      label={props.label}
      description="Type a name or number to search"
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      data={options}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      disabled={props.disabled}
      nothingFoundMessage="No product found"
    />
  );
}
