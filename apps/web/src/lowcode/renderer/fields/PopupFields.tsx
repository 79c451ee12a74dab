import { useState } from 'react';
import { AutoComplete } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dataInterfaceApi } from '../../../api/system.ts';
import { PopupAttr, PopupSelect, PopupTableSelect } from '../../../components/pickers/data/index.ts';
import { listBody } from '../../../components/pickers/data/interfaceCall.ts';
import { NS } from '../../messages.ts';
import type { FieldProps } from './types.ts';

/** What both interface pickers take from the field's relation settings. */
function pickerProps({ field, id, disabled }: FieldProps) {
  const r = field.relation ?? {};
  return {
    id,
    field: field.field,
    interfaceId: r.interfaceId ?? '',
    propsValue: r.valueKey,
    relationField: r.labelKey,
    columnOptions: r.columns,
    hasPage: r.hasPage,
    pageSize: r.pageSize,
    disabled: disabled || field.disabled || field.readonly,
    clearable: field.clearable !== false,
    placeholder: field.placeholder,
  };
}

/** The select-data dialog (or drawer) over a data interface; the chosen record feeds the popup attributes. */
export function PopupSelectField(props: FieldProps) {
  const { field, value, onChange } = props;
  const r = field.relation ?? {};
  return (
    <PopupSelect
      {...pickerProps(props)}
      value={(value ?? null) as string | null}
      onChange={(v) => onChange?.(v || null)}
      popupType={r.popupType}
      popupTitle={r.popupTitle}
      popupWidth={r.popupWidth}
    />
  );
}

export function PopupTableSelectField(props: FieldProps) {
  const { field, value, onChange } = props;
  return (
    <PopupTableSelect
      {...pickerProps(props)}
      value={(value ?? null) as string | string[] | null}
      onChange={(v) => onChange?.(v)}
      multiple={field.multiple}
    />
  );
}

/** popupAttr and relationFormAttr: one attribute of the record chosen in another field; not saved. */
export function AttrField({ field, id }: FieldProps) {
  return (
    <PopupAttr
      id={id}
      relationField={field.relation?.source ?? ''}
      showField={field.relation?.attr ?? ''}
      placeholder={field.placeholder}
    />
  );
}

/** Free text with suggestions from a data interface, matched by the typed keyword. */
export function AutoCompleteField({ field, value, onChange, id, disabled }: FieldProps) {
  const { t } = useTranslation(NS);
  const r = field.relation ?? {};
  const label = r.labelKey || 'fullName';
  const [keyword, setKeyword] = useState('');
  const rows = useQuery({
    queryKey: ['lowcode', 'autoComplete', r.interfaceId, label, keyword],
    queryFn: async () =>
      (
        await dataInterfaceApi.call(
          r.interfaceId!,
          listBody({
            interfaceId: r.interfaceId!,
            keyword,
            hasPage: true,
            pageSize: r.pageSize ?? 20,
            propsValue: label,
            relationField: label,
          }),
          { silent: true },
        )
      ).data.list,
    enabled: !!r.interfaceId && keyword.trim() !== '',
    staleTime: 30_000,
  });
  const options = [...new Set((rows.data ?? []).map((row) => String(row[label] ?? '')).filter(Boolean))].map((v) => ({ value: v }));
  return (
    <AutoComplete
      id={id}
      style={{ width: '100%' }}
      value={typeof value === 'string' ? value : ''}
      options={options}
      onSearch={setKeyword}
      onChange={(v) => onChange?.(v)}
      allowClear={field.clearable !== false}
      disabled={disabled || field.disabled || field.readonly}
      placeholder={field.placeholder ?? t('pleaseEnter', { label: field.label })}
    />
  );
}
