import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DictionaryDataNode, FormField, OptionItem } from '@medalliance/contract';
import { dataInterfaceApi } from '../../../api/system.ts';
import { listBody } from '../../../components/pickers/data/interfaceCall.ts';
import { useDictionary } from '../../../lookups/dictionaries.ts';

/** An option as antd's Select, Radio, Checkbox, Cascader and TreeSelect take it. */
export interface ChoiceOption {
  value: string;
  label: string;
  children?: ChoiceOption[];
}

const fromItems = (items: readonly OptionItem[]): ChoiceOption[] =>
  items.map((i) => ({ value: i.id, label: i.fullName, ...(i.children?.length ? { children: fromItems(i.children) } : {}) }));

const fromDictionary = (items: readonly DictionaryDataNode[], key: 'id' | 'enCode'): ChoiceOption[] =>
  items.map((d) => ({
    value: String(d[key]),
    label: d.fullName,
    ...(d.children?.length ? { children: fromDictionary(d.children, key) } : {}),
  }));

/** A data interface's rows as options, through its valueKey / labelKey (default id / fullName). */
export function fromRows(rows: readonly Record<string, unknown>[], valueKey = 'id', labelKey = 'fullName'): ChoiceOption[] {
  return rows.map((r) => ({ value: String(r[valueKey] ?? ''), label: String(r[labelKey] ?? r[valueKey] ?? '') }));
}

/**
 * The options of a choice field from where the designer said they come:
 * its static items, a dictionary of the cached lookups, or a data interface
 * (every row: choice fields do not page, spec §9).
 */
export function useOptions(field: FormField): { options: ChoiceOption[]; loading: boolean } {
  const src = field.options;
  const dictionary = useDictionary(src?.source === 'dictionary' ? src.dictionaryType : undefined);
  const interfaceId = src?.source === 'interface' ? src.interfaceId : undefined;
  const valueKey = src?.valueKey || 'id';
  const labelKey = src?.labelKey || 'fullName';
  const rows = useQuery({
    queryKey: ['lowcode', 'options', interfaceId, valueKey, labelKey],
    queryFn: async () =>
      (
        await dataInterfaceApi.call(interfaceId!, listBody({ interfaceId: interfaceId!, propsValue: valueKey, relationField: labelKey }), {
          silent: true,
        })
      ).data.list,
    enabled: !!interfaceId,
    staleTime: 60_000,
  });
  return useMemo(() => {
    if (!src || src.source === 'static') return { options: fromItems(src?.items ?? []), loading: false };
    if (src.source === 'dictionary')
      return { options: fromDictionary(dictionary.items, src.valueKey === 'enCode' ? 'enCode' : 'id'), loading: dictionary.isLoading };
    return { options: fromRows(rows.data ?? [], valueKey, labelKey), loading: rows.isLoading && !!interfaceId };
  }, [src, dictionary.items, dictionary.isLoading, rows.data, rows.isLoading, interfaceId, valueKey, labelKey]);
}

/** The labels of chosen values (detail views of values the server did not translate). */
export function optionLabels(options: readonly ChoiceOption[], value: unknown): string[] {
  const flat = new Map<string, string>();
  const walk = (list: readonly ChoiceOption[]) =>
    list.forEach((o) => {
      flat.set(o.value, o.label);
      if (o.children) walk(o.children);
    });
  walk(options);
  const values = Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value];
  return values.map((v) => flat.get(String(v)) ?? String(v));
}
