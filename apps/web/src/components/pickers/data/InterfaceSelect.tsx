import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dataInterfaceApi, type InterfaceRecord } from '../../../api/system.ts';
import { DEFAULT_PICKER_PAGE_SIZE, listBody, paramList, type TemplateParam } from './interfaceCall.ts';
import { NS } from './messages.ts';
import { setRelationRecord } from './relationData.ts';
import { labelOf, normalizeValue, rowKey } from './selection.ts';

export interface InterfaceSelectProps {
  value?: string | string[] | null;
  onChange?: (value: string | string[] | undefined, records: InterfaceRecord[]) => void;
  interfaceId: string;
  /** Value field (default 'id') and label field (default 'fullName') of a row. */
  propsValue?: string;
  relationField?: string;
  /** Parameters (spec §7.8 paramList). */
  templateJson?: TemplateParam[];
  formData?: Record<string, unknown>;
  multiple?: boolean;
  /** Rows per search (the server filters by the keyword). */
  pageSize?: number;
  field?: string;
  disabled?: boolean;
  allowClear?: boolean;
  placeholder?: string;
  id?: string;
  style?: React.CSSProperties;
}

const DEBOUNCE_MS = 300;

/**
 * A select over a data interface (spec §2.6 "a generic picker over a data
 * interface"): options come from the interface's List call, searched on the
 * server as the user types; labels of a stored value come from InfoByIds.
 */
export function InterfaceSelect({
  value,
  onChange,
  interfaceId,
  propsValue = 'id',
  relationField = 'fullName',
  templateJson,
  formData,
  multiple,
  pageSize = DEFAULT_PICKER_PAGE_SIZE * 5,
  field,
  disabled,
  allowClear = true,
  placeholder,
  id,
  style,
}: InterfaceSelectProps) {
  const { t } = useTranslation(NS);
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const [known, setKnown] = useState<Map<string, InterfaceRecord>>(new Map());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const keys = normalizeValue(value, !!multiple).keys;

  useEffect(() => () => clearTimeout(timer.current), []);

  const params = JSON.stringify(templateJson ?? []);
  const list = useQuery({
    queryKey: ['pickers', 'interfaceSelect', interfaceId, propsValue, relationField, keyword, params, JSON.stringify(formData ?? {}), pageSize],
    queryFn: async () =>
      (
        await dataInterfaceApi.call(
          interfaceId,
          listBody({ interfaceId, keyword, hasPage: true, currentPage: 1, pageSize, propsValue, relationField, templateJson, formData }),
          { silent: true },
        )
      ).data.list,
    enabled: !!interfaceId,
  });
  const rows = useMemo(() => list.data ?? [], [list.data]);
  const missing = keys.filter((k) => !known.has(k) && !rows.some((r) => rowKey(r, propsValue) === k));
  const labels = useQuery({
    queryKey: ['pickers', 'interfaceInfoByIds', interfaceId, propsValue, missing.join('\u0001')],
    queryFn: async () =>
      (await dataInterfaceApi.infoByIds(interfaceId, { ids: missing, propsValue, relationField, paramList: paramList(templateJson, formData) }, { silent: true })).data,
    enabled: !!interfaceId && missing.length > 0,
    staleTime: 60_000,
  });
  useEffect(() => {
    const found = [...(labels.data ?? []), ...rows];
    if (!found.length) return;
    setKnown((prev) => {
      let changed = false;
      const next = new Map(prev);
      for (const r of found) {
        const k = rowKey(r, propsValue);
        if (k && !next.has(k)) {
          next.set(k, r);
          changed = true;
        }
      }
      return changed ? next : prev;
    });
  }, [labels.data, rows, propsValue]);

  const options = useMemo(() => {
    const seen = new Set<string>();
    const out: { value: string; label: string }[] = [];
    for (const r of [...keys.map((k) => known.get(k)).filter((r): r is InterfaceRecord => !!r), ...rows]) {
      const k = rowKey(r, propsValue);
      if (!k || seen.has(k)) continue;
      seen.add(k);
      out.push({ value: k, label: labelOf(r, relationField, propsValue) });
    }
    return out;
  }, [keys, known, rows, propsValue, relationField]);

  return (
    <Select
      id={id}
      style={{ width: '100%', ...style }}
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? keys : (keys[0] ?? undefined)}
      disabled={disabled}
      allowClear={allowClear}
      placeholder={placeholder ?? t('picker.choose')}
      options={options}
      loading={list.isFetching}
      showSearch={{
        filterOption: false,
        searchValue: typed,
        onSearch: (text) => {
          setTyped(text);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setKeyword(text.trim()), DEBOUNCE_MS);
        },
      }}
      onOpenChange={(open) => {
        if (!open && typed) {
          setTyped('');
          setKeyword('');
        }
      }}
      notFoundContent={list.isFetching ? <Spin size="small" /> : t('picker.noData')}
      onChange={(v: string | string[] | undefined) => {
        const list = v === undefined ? [] : Array.isArray(v) ? v : [v];
        const records = list.map((k) => known.get(k) ?? rows.find((r) => rowKey(r, propsValue) === k)).filter((r): r is InterfaceRecord => !!r);
        setRelationRecord(field, multiple ? null : (records[0] ?? null));
        onChange?.(v, records);
      }}
      data-testid="ma-interface-select"
    />
  );
}
