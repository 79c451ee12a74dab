import { Button, DatePicker, Input, InputNumber, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ReportParam } from '@medalliance/contract';
import { DictionarySelect } from '../../../components/pickers/data/index.ts';
import { OrganizeSelect } from '../../../components/pickers/org/index.ts';
import { NS } from '../messages.ts';

export type ParamValues = Record<string, unknown>;

interface Props {
  params: ReportParam[];
  values: ParamValues;
  onChange: (values: ParamValues) => void;
  onSearch: () => void;
  onReset: () => void;
}

/** The filter bar of a report: one control per parameter, by its type. */
export function ReportFilters({ params, values, onChange, onSearch, onReset }: Props) {
  const { t } = useTranslation(NS);
  if (!params.length) return null;
  const set = (field: string, v: unknown) => onChange({ ...values, [field]: v });
  return (
    <div className="report-filters report-noprint" data-testid="report-filters">
      {params.map((p) => (
        <label key={p.field} className="report-filter">
          <span className="report-filter-label">{p.label}</span>
          <ParamInput param={p} value={values[p.field]} onChange={(v) => set(p.field, v)} onEnter={onSearch} />
        </label>
      ))}
      <Space>
        <Button type="primary" icon={<SearchOutlined />} onClick={onSearch} data-testid="report-search">
          {t('search')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={onReset} data-testid="report-reset">
          {t('reset')}
        </Button>
      </Space>
    </div>
  );
}

function ParamInput({
  param,
  value,
  onChange,
  onEnter,
}: {
  param: ReportParam;
  value: unknown;
  onChange: (v: unknown) => void;
  onEnter: () => void;
}) {
  const { t } = useTranslation(NS);
  const testId = `report-param-${param.field}`;
  switch (param.type) {
    case 'number':
      return (
        <InputNumber
          value={typeof value === 'number' ? value : null}
          onChange={(v) => onChange(v ?? null)}
          onPressEnter={onEnter}
          style={{ width: 140 }}
          data-testid={testId}
        />
      );
    case 'dateRange': {
      const range = Array.isArray(value)
        ? (value.map((v) => (typeof v === 'number' ? dayjs(v) : null)) as [Dayjs | null, Dayjs | null])
        : null;
      return (
        <DatePicker.RangePicker
          value={range}
          placeholder={[t('startDate'), t('endDate')]}
          onChange={(r) => onChange(r ? [r[0]?.startOf('day').valueOf() ?? null, r[1]?.endOf('day').valueOf() ?? null] : null)}
          data-testid={testId}
        />
      );
    }
    case 'dictionary':
      return (
        <DictionarySelect
          dictionaryType={param.dictionaryType ?? ''}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => onChange(v ?? null)}
          placeholder={t('choose')}
          style={{ width: 160 }}
          testId={testId}
        />
      );
    case 'organization':
      return (
        <div style={{ width: 220 }} data-testid={testId}>
          <OrganizeSelect
            value={typeof value === 'string' ? value : null}
            onChange={(v) => onChange(typeof v === 'string' ? v : (v[0] ?? null))}
            placeholder={t('choose')}
          />
        </div>
      );
    default:
      return (
        <Input
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          onPressEnter={onEnter}
          placeholder={t('input')}
          allowClear
          style={{ width: 160 }}
          maxLength={200}
          data-testid={testId}
        />
      );
  }
}
