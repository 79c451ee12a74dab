import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { onlineDevApi, type RecordRow } from '../../../api/onlineDev.ts';
import { setRelationRecord, useRelationData } from '../../../components/pickers/data/relationData.ts';
import { NS } from '../../messages.ts';
import type { FieldProps } from './types.ts';

/**
 * Relation form: a record of another released model, searched by keyword
 * through that model's list. The value is the record's id; the chosen record
 * goes to the shared relation data, so relationFormAttr fields can show it.
 */
export function RelationFormField({ field, value, onChange, id, disabled }: FieldProps) {
  const { t } = useTranslation(NS);
  const r = field.relation ?? {};
  const label = r.labelKey || 'id';
  const [keyword, setKeyword] = useState('');
  const chosen = useRelationData((s) => (field.field ? s.records[field.field] : null));
  const rows = useQuery({
    queryKey: ['lowcode', 'relationForm', r.modelId, keyword],
    queryFn: async () => (await onlineDevApi.list(r.modelId!, { keyword, currentPage: 1, pageSize: r.pageSize ?? 20 })).data.list,
    enabled: !!r.modelId,
    staleTime: 30_000,
  });
  const byId = useMemo(() => new Map((rows.data ?? []).map((row) => [row.id, row])), [rows.data]);
  const current = typeof value === 'string' && value ? value : undefined;
  const options = (rows.data ?? []).map((row) => ({ value: row.id, label: String(row[label] ?? row.id) }));
  if (current && !byId.has(current)) options.unshift({ value: current, label: String(chosen?.[label] ?? current) });
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={current}
      options={options}
      loading={rows.isFetching}
      onChange={(v: string | undefined) => {
        const record: RecordRow | undefined = v ? byId.get(v) : undefined;
        setRelationRecord(field.field, record ?? null);
        onChange?.(v ?? null);
      }}
      allowClear={field.clearable !== false}
      disabled={disabled || field.disabled || field.readonly}
      placeholder={field.placeholder ?? t('pleaseSelect', { label: field.label })}
    />
  );
}
