import { DatePicker, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserSelect } from '../../../components/pickers/org/index.ts';
import { categoriesOf, type FlowFilters } from './filters.ts';
import { NS } from './messages.ts';
import { useFlowTagText } from '../../../components/flowTags/FlowTags.tsx';
import { STATUS_FILTER, URGENCY_FILTER } from './status.ts';
import { useFlowOptions } from './useFlowOptions.ts';

export interface FilterSet {
  status?: boolean;
  starter?: boolean;
}

/**
 * The instance lists' filters beside the keyword: flow, category, status,
 * urgency, start-date range and (monitor) starter. Each change applies at once.
 */
export function FlowFilterBar({
  value,
  onChange,
  show,
}: {
  value: FlowFilters;
  onChange: (patch: Partial<FlowFilters>) => void;
  show: FilterSet;
}) {
  const { t } = useTranslation(NS);
  const tags = useFlowTagText();
  const flows = useFlowOptions();
  const options = flows.data ?? [];
  const shownFlows = value.flowCategory ? options.filter((f) => f.category === value.flowCategory) : options;
  return (
    <>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={flows.isLoading}
        style={{ width: 150 }}
        placeholder={t('filter.flow')}
        aria-label={t('filter.flow')}
        data-testid="wf-filter-flow"
        value={value.flowId ?? null}
        options={shownFlows.map((f) => ({ value: f.id, label: f.fullName }))}
        onChange={(v) => onChange({ flowId: v ?? undefined })}
      />
      <Select
        allowClear
        style={{ width: 120 }}
        placeholder={t('filter.category')}
        aria-label={t('filter.category')}
        value={value.flowCategory ?? null}
        options={categoriesOf(options).map((c) => ({ value: c, label: c }))}
        onChange={(v) => onChange({ flowCategory: v ?? undefined, flowId: undefined })}
      />
      {show.status && (
        <Select
          allowClear
          style={{ width: 110 }}
          placeholder={t('filter.status')}
          aria-label={t('filter.status')}
          data-testid="wf-filter-status"
          value={value.status ?? null}
          options={STATUS_FILTER.map((s) => ({ value: s, label: tags.status(s) }))}
          onChange={(v) => onChange({ status: v ?? undefined })}
        />
      )}
      <Select
        allowClear
        style={{ width: 100 }}
        placeholder={t('filter.urgency')}
        aria-label={t('filter.urgency')}
        data-testid="wf-filter-urgency"
        value={value.flowUrgent ?? null}
        options={URGENCY_FILTER.map((u) => ({ value: u, label: tags.urgency(u) }))}
        onChange={(v) => onChange({ flowUrgent: v ?? undefined })}
      />
      <DatePicker.RangePicker
        style={{ width: 230 }}
        placeholder={[t('filter.from'), t('filter.to')]}
        value={value.range ? [value.range[0], value.range[1]] : null}
        onChange={(v) => onChange({ range: v && v[0] && v[1] ? [v[0], v[1]] : null })}
      />
      {show.starter && (
        <UserSelect
          style={{ width: 140 }}
          placeholder={t('filter.starter')}
          aria-label={t('filter.starter')}
          value={value.creatorUserId ?? null}
          onChange={(v) => onChange({ creatorUserId: typeof v === 'string' && v ? v : undefined })}
        />
      )}
    </>
  );
}
