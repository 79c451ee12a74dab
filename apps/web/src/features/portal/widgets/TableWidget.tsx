import { Table } from 'antd';
import type { TableWidget as TableW } from '@medalliance/contract';
import { useTranslation } from 'react-i18next';
import { NS } from '../messages.ts';
import { useSettled } from './settle.ts';
import { useWidgetData } from './useWidgetData.ts';
import { errorMessage, WidgetCard } from './WidgetCard.tsx';

const cell = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** A small table: the first rows of a data interface, in the chosen columns. */
export function TableWidget({ widget, portalId }: { widget: TableW; portalId: string | null }) {
  const { t } = useTranslation(NS);
  const q = useWidgetData(widget, portalId);
  const rows = q.data?.rows;
  const state = !widget.interfaceId ? 'empty' : q.isPending ? 'loading' : q.isError && !q.data ? 'error' : rows?.length ? 'ready' : 'empty';
  useSettled(widget.id, state !== 'loading');
  return (
    <WidgetCard
      widget={widget}
      state={state}
      emptyText={widget.interfaceId ? undefined : t('w.noSource')}
      errorText={errorMessage(q.error)}
      fetching={q.isFetching}
      onReload={widget.interfaceId ? () => void q.refetch() : undefined}
    >
      <Table
        size="small"
        pagination={false}
        rowKey="__key"
        dataSource={(rows ?? []).slice(0, widget.limit).map((r, i) => ({ ...r, __key: i }))}
        columns={widget.columns.map((c) => ({
          key: c.field,
          title: c.title || c.field,
          dataIndex: c.field,
          ellipsis: true,
          render: cell,
        }))}
      />
    </WidgetCard>
  );
}
