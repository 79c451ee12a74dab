import { DatePicker, Input, Select, TimePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fieldTypeInfo, type FormField, type MatchType } from '@medalliance/contract';
import { NumberRange } from '../../components/pickers/data/index.ts';
import { NS } from '../messages.ts';
import { fieldComponent } from '../renderer/fields/index.ts';
import { useOptions } from '../renderer/fields/options.ts';

interface Props {
  field: FormField;
  match: MatchType;
  value: unknown;
  onChange: (v: unknown) => void;
}

const DATES = new Set(['datePicker', 'createTime', 'modifyTime']);
const PICKERS = new Set([
  'organizeSelect',
  'depSelect',
  'posSelect',
  'roleSelect',
  'groupSelect',
  'userSelect',
  'usersSelect',
  'areaSelect',
  'dicSelect',
]);

function OptionsSelect({
  field,
  value,
  onChange,
  multiple,
}: {
  field: FormField;
  value: unknown;
  onChange: (v: unknown) => void;
  multiple: boolean;
}) {
  const { t } = useTranslation(NS);
  const { options, loading } = useOptions(field);
  const switchOptions = [
    { value: '1', label: t('yes') },
    { value: '0', label: t('no') },
  ];
  return (
    <Select
      style={{ width: 180 }}
      mode={multiple ? 'multiple' : undefined}
      maxTagCount="responsive"
      allowClear
      loading={loading}
      value={(typeof value === 'number' ? String(value) : (value ?? (multiple ? [] : undefined))) as string | string[] | undefined}
      // A switch is stored as 0/1: its search value goes as that number.
      onChange={(v) => onChange(field.type === 'switch' && typeof v === 'string' ? Number(v) : v)}
      options={field.type === 'switch' ? switchOptions : options}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={field.label}
      aria-label={field.label}
    />
  );
}

/**
 * One search field of a generated list, by its match type: a text box for
 * contains (and for equal on text), a select for equal / in on choice fields,
 * range pickers for dates, times and numbers.
 */
export function SearchInput({ field, match, value, onChange }: Props) {
  const { t } = useTranslation(NS);
  const info = fieldTypeInfo(field.type);
  if (match === 'range') {
    if (DATES.has(field.type)) {
      const v = Array.isArray(value) ? value : [];
      return (
        <DatePicker.RangePicker
          style={{ width: 260 }}
          value={[typeof v[0] === 'number' ? dayjs(v[0]) : null, typeof v[1] === 'number' ? dayjs(v[1]) : null]}
          // A date range means whole days: from the first day's start to the last day's end.
          onChange={(r) => onChange(r?.[0] && r[1] ? [r[0].startOf('day').valueOf(), r[1].endOf('day').valueOf()] : [])}
          placeholder={[t('startDate'), t('endDate')]}
          aria-label={field.label}
        />
      );
    }
    if (field.type === 'timePicker') {
      const v = Array.isArray(value) ? value : [];
      const f = field.format || 'HH:mm:ss';
      return (
        <TimePicker.RangePicker
          style={{ width: 240 }}
          value={[typeof v[0] === 'string' ? dayjs(v[0], f) : null, typeof v[1] === 'string' ? dayjs(v[1], f) : null]}
          format={f}
          onChange={(r) => onChange(r?.[0] && r[1] ? [r[0].format(f), r[1].format(f)] : [])}
          placeholder={[t('startTime'), t('endTime')]}
        />
      );
    }
    return <NumberRange value={Array.isArray(value) ? (value as (number | null)[]) : null} onChange={onChange} />;
  }
  if (match === 'in' || (match === 'equal' && (info.hasOptions || field.type === 'switch') && field.type !== 'dicSelect')) {
    return <OptionsSelect field={field} value={value} onChange={onChange} multiple={match === 'in'} />;
  }
  if (match === 'equal' && PICKERS.has(field.type)) {
    const Picker = fieldComponent(field.type)!;
    return (
      <div style={{ width: 200 }}>
        <Picker field={{ ...field, multiple: false, required: false, placeholder: field.label }} value={value} onChange={onChange} />
      </div>
    );
  }
  return (
    <Input
      style={{ width: 180 }}
      allowClear
      value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
      onChange={(e) => onChange(e.target.value)}
      placeholder={field.label}
      aria-label={field.label}
      data-testid={`lc-search-${field.field}`}
    />
  );
}
