import { Cascader, Checkbox, Radio, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictionarySelect } from '../../../components/pickers/data/index.ts';
import { NS } from '../../messages.ts';
import { useOptions } from './options.ts';
import type { FieldProps } from './types.ts';

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v === null || v === undefined || v === '' ? [] : [String(v)]);
const one = (v: unknown): string | undefined => (v === null || v === undefined || v === '' ? undefined : String(v));

export function RadioField({ field, value, onChange, id, disabled }: FieldProps) {
  const { options } = useOptions(field);
  return (
    <Radio.Group
      id={id}
      value={one(value)}
      onChange={(e) => onChange?.(e.target.value)}
      disabled={disabled || field.disabled || field.readonly}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
      optionType={field.props?.optionType === 'button' ? 'button' : 'default'}
    />
  );
}

export function CheckboxField({ field, value, onChange, disabled }: FieldProps) {
  const { options } = useOptions(field);
  return (
    <Checkbox.Group
      value={list(value)}
      onChange={(v) => onChange?.(v)}
      disabled={disabled || field.disabled || field.readonly}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
    />
  );
}

export function SelectField({ field, value, onChange, id, disabled }: FieldProps) {
  const { t } = useTranslation(NS);
  const { options, loading } = useOptions(field);
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      mode={field.multiple ? 'multiple' : undefined}
      value={field.multiple ? list(value) : one(value)}
      onChange={(v) => onChange?.(v ?? null)}
      options={options}
      loading={loading}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={field.clearable !== false}
      disabled={disabled || field.disabled || field.readonly}
      placeholder={field.placeholder ?? t('pleaseSelect', { label: field.label })}
    />
  );
}

/** A cascader's value is the path of values (an array); several paths when multiple. */
export function CascaderField({ field, value, onChange, id, disabled }: FieldProps) {
  const { t } = useTranslation(NS);
  const { options } = useOptions(field);
  const common = {
    id,
    style: { width: '100%' },
    options,
    allowClear: field.clearable !== false,
    disabled: disabled || field.disabled || field.readonly,
    placeholder: field.placeholder ?? t('pleaseSelect', { label: field.label }),
    showSearch: true,
  };
  return field.multiple ? (
    <Cascader {...common} multiple value={Array.isArray(value) ? (value as string[][]) : []} onChange={(v) => onChange?.(v ?? [])} />
  ) : (
    <Cascader {...common} value={Array.isArray(value) ? (value as string[]) : []} onChange={(v) => onChange?.(v ?? [])} />
  );
}

export function TreeSelectField({ field, value, onChange, id, disabled }: FieldProps) {
  const { t } = useTranslation(NS);
  const { options } = useOptions(field);
  return (
    <TreeSelect
      id={id}
      style={{ width: '100%' }}
      treeData={options}
      multiple={field.multiple}
      value={field.multiple ? list(value) : one(value)}
      onChange={(v) => onChange?.(v ?? null)}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="label"
      allowClear={field.clearable !== false}
      disabled={disabled || field.disabled || field.readonly}
      placeholder={field.placeholder ?? t('pleaseSelect', { label: field.label })}
    />
  );
}

/** A dictionary's items through the house dictionary select (tree dictionaries as a tree). */
export function DicSelectField({ field, value, onChange, id, disabled }: FieldProps) {
  const { t } = useTranslation(NS);
  return (
    <DictionarySelect
      id={id}
      dictionaryType={field.options?.dictionaryType ?? ''}
      valueField={field.options?.valueKey === 'enCode' ? 'enCode' : 'id'}
      multiple={field.multiple}
      value={field.multiple ? list(value) : (one(value) ?? null)}
      onChange={(v) => onChange?.(v ?? null)}
      allowClear={field.clearable !== false}
      disabled={disabled || field.disabled || field.readonly}
      placeholder={field.placeholder ?? t('pleaseSelect', { label: field.label })}
    />
  );
}
