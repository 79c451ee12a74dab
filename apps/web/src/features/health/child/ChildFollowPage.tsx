import { useState } from 'react';
import { Button, Card, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHILD_WORKLISTS, type ChildWorklist } from '@medalliance/contract';
import { childApi, type ChildRow } from './api.ts';
import { CheckDialog } from './CheckDialog.tsx';
import { personColumns, planCode, planColumns, recordColumns } from './columns.tsx';
import { NS } from './messages.ts';
import './messages.ts';
import { useWorklistQuery, WorklistToolbar } from '../shared/WorklistToolbar.tsx';

/** The check-up stage of a check plan row (an Hb row: the server takes the stage of the date). */
const stageOf = (r: ChildRow): string | undefined => (r.planKind === 'check' ? planCode(r) : undefined);

/**
 * Menu child_follow (issue 18, M7): the four worklists of child health —
 * 新生儿待访视, 本月应体检, 逾期, 体弱儿 / 转诊 — scoped to the caller's units,
 * masked and paged on the server; a newborn visit or a check-up is recorded
 * from any row, after which the row leaves its list.
 */
export default function ChildFollowPage() {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [tab, setTab] = useState<ChildWorklist>('newborn');
  const query = useWorklistQuery();
  const { q, page, setPage } = query;
  const [visit, setVisit] = useState<{ row: ChildRow; form: 'newborn' | 'checkup' } | null>(null);
  const list = useQuery({
    queryKey: ['healthChild', 'worklist', tab, q],
    queryFn: async () => (await childApi.worklist(tab, q)).data,
    placeholderData: keepPreviousData,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['healthChild'] });
  const actions: ColumnsType<ChildRow> = [
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      width: 130,
      render: (_, r) => {
        const form = r.planKind === 'newborn' ? 'newborn' : 'checkup';
        return (
          <Button type="link" size="small" onClick={() => setVisit({ row: r, form })} data-testid={`child-record-${r.residentId}`}>
            {form === 'newborn' ? t('recordNewborn') : t('recordCheckup')}
          </Button>
        );
      },
    },
  ];
  const columns = [...personColumns(t), ...(tab === 'weak' ? recordColumns(t) : planColumns(t)), ...actions];
  return (
    <Card size="small" style={{ margin: 12 }} data-testid="child-follow">
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as ChildWorklist);
          query.firstPage();
        }}
        items={CHILD_WORKLISTS.map((k) => ({ key: k, label: <span data-testid={`child-tab-${k}`}>{t(`tab.${k}`)}</span> }))}
        tabBarExtraContent={<WorklistToolbar query={query} onRefresh={refresh} />}
      />
      <div data-testid="child-table">
        <Table<ChildRow>
          rowKey={(r) => r.planId ?? r.childId ?? r.residentId}
          size="small"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.list ?? []}
          scroll={{ x: 1100 }}
          locale={{ emptyText: t('noData') }}
          pagination={{
            current: page.currentPage,
            pageSize: page.pageSize,
            total: list.data?.pagination.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => <span data-testid="child-total">{t('total', { total })}</span>,
            onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
          }}
        />
      </div>
      {visit && (
        <CheckDialog
          form={visit.form}
          residentId={visit.row.residentId}
          name={visit.row.fullName}
          stage={stageOf(visit.row)}
          onClose={() => setVisit(null)}
          onSaved={refresh}
        />
      )}
    </Card>
  );
}
