import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { FigureWidget as Figure } from '@medalliance/contract';
import { useTranslation } from 'react-i18next';
import { htmlLangOf } from '../../../i18n/language.ts';
import { useLanguage } from '../../../i18n/index.ts';
import { NS } from '../messages.ts';
import { useSettled } from './settle.ts';
import { formatNumber as formatCount, toNumber, useWidgetData } from './useWidgetData.ts';
import { errorMessage, WidgetCard } from './WidgetCard.tsx';

/** One number from a data interface, with its change against the previous value. */
export function FigureWidget({ widget, portalId }: { widget: Figure; portalId: string | null }) {
  const { t } = useTranslation(NS);
  const locale = htmlLangOf(useLanguage());
  const q = useWidgetData(widget, portalId);
  const row = q.data?.rows[0];
  const value = row ? toNumber(row[widget.valueField]) : null;
  const previous = row && widget.previousField ? toNumber(row[widget.previousField]) : null;
  const state = !widget.interfaceId
    ? 'empty'
    : q.isPending
      ? 'loading'
      : q.isError && !q.data
        ? 'error'
        : value === null
          ? 'empty'
          : 'ready';
  useSettled(widget.id, state !== 'loading');
  const diff = value !== null && previous !== null ? value - previous : null;
  return (
    <WidgetCard
      widget={widget}
      state={state}
      emptyText={widget.interfaceId ? undefined : t('w.noSource')}
      errorText={errorMessage(q.error)}
      fetching={q.isFetching}
      onReload={widget.interfaceId ? () => void q.refetch() : undefined}
    >
      <div className="ma-portal-figure">
        <strong data-value={value ?? ''}>{value === null ? '—' : formatCount(value, locale)}</strong>
        {widget.unit ? <span className="ma-portal-figure-unit">{widget.unit}</span> : null}
      </div>
      {diff !== null ? (
        <div className={`ma-portal-trend ${diff > 0 ? 'is-up' : diff < 0 ? 'is-down' : 'is-flat'}`} data-trend={diff}>
          {diff > 0 ? <ArrowUpOutlined /> : diff < 0 ? <ArrowDownOutlined /> : null}
          {diff > 0
            ? t('w.trendUp', { value: formatCount(diff, locale) })
            : diff < 0
              ? t('w.trendDown', { value: formatCount(diff, locale) })
              : t('w.trendFlat')}
        </div>
      ) : null}
    </WidgetCard>
  );
}
