import { useMemo } from 'react';
import { Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DictionaryDataNode } from '@medalliance/contract';
import { useDictionary } from '../../../lookups/dictionaries.ts';
import { mapTree } from '../../../lookups/tree.ts';
import { NS } from './messages.ts';

export interface DictionarySelectProps {
  /** The dictionary type: its id or enCode. */
  dictionaryType: string;
  value?: string | string[] | null;
  onChange?: (value: string | string[] | undefined, items: DictionaryDataNode[]) => void;
  /** Which field of an item is the value: its id (default) or its enCode. */
  valueField?: 'id' | 'enCode';
  multiple?: boolean;
  disabled?: boolean;
  allowClear?: boolean;
  placeholder?: string;
  id?: string;
  style?: React.CSSProperties;
  testId?: string;
}

/**
 * A select over one dictionary, read from the cached lookups (spec §3): a
 * tree select for tree dictionaries, a plain select otherwise. When an
 * administrator changes the dictionary, the cache refreshes and so does this.
 */
export function DictionarySelect({
  dictionaryType,
  value,
  onChange,
  valueField = 'id',
  multiple,
  disabled,
  allowClear = true,
  placeholder,
  id,
  style,
  testId,
}: DictionarySelectProps) {
  const { t } = useTranslation(NS);
  const lookup = useDictionary(dictionaryType);
  const isTree = lookup.entry?.isTree === 1;
  const byValue = useMemo(() => new Map(lookup.flat.map((d) => [String(d[valueField]), d])), [lookup.flat, valueField]);
  const emit = (v: unknown) => {
    const list = v === undefined || v === null ? [] : Array.isArray(v) ? v.map(String) : [String(v)];
    const items = list.map((k) => byValue.get(k)).filter((d): d is DictionaryDataNode => !!d);
    onChange?.(multiple ? list : (list[0] ?? undefined), items);
  };
  const shown = value === null || value === '' ? undefined : value;
  const common = {
    id,
    value: shown,
    disabled,
    allowClear,
    loading: lookup.isLoading,
    placeholder: placeholder ?? t('picker.choose'),
    style: { width: '100%', ...style },
    'data-testid': testId,
    notFoundContent: lookup.isLoading ? t('picker.loading') : t('picker.noData'),
  };
  if (isTree) {
    return (
      <TreeSelect
        {...common}
        multiple={multiple}
        treeDefaultExpandAll
        showSearch={{ treeNodeFilterProp: 'title' }}
        treeData={mapTree(lookup.items, (d: DictionaryDataNode) => ({ value: String(d[valueField]), title: d.fullName }))}
        onChange={emit}
      />
    );
  }
  return (
    <Select
      {...common}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ optionFilterProp: 'label' }}
      options={lookup.items.map((d) => ({ value: String(d[valueField]), label: d.fullName }))}
      onChange={emit}
    />
  );
}
