import { useState } from 'react';
import { Drawer, Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FdKpiDimension, FdKpiDrill, FdKpiDrillRow, FdKpiGroup } from '@medalliance/contract';
import { fdApi, fmtDate, yuan } from '../teams/api.ts';
import { NS } from './messages.ts';

export interface DrillTarget {
  by: FdKpiDimension;
  key: string;
  name: string;
  metric: FdKpiDrill;
  group?: FdKpiGroup;
  label: string;
}

/** The residents, tasks or contracts behind one figure of the KPI table (masked, paged on the server). */
export function DrillDrawer({ target, onClose }: { target: DrillTarget | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const q = useQuery({
    queryKey: ['fdKpi', 'drill', target, page],
    queryFn: async () =>
      (await fdApi.drill({ by: target!.by, key: target!.key, metric: target!.metric, group: target!.group, ...page })).data,
    enabled: !!target,
    placeholderData: keepPreviousData,
  });
  const tasks = target && ['due', 'done', 'undone'].includes(target.metric);
  const status = (s: string) => (tasks ? t(`task.${s}`) : t(`contract.${s}`));
  return (
    <Drawer
      open={!!target}
      size={980}
      title={target ? t('drill.title', { name: target.name, metric: target.label }) : ''}
      onClose={() => (setPage({ currentPage: 1, pageSize: 20 }), onClose())}
      data-testid="fd-kpi-drill"
    >
      <Table<FdKpiDrillRow>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: q.data?.pagination.total ?? 0,
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        columns={[
          { title: t('drill.resident'), dataIndex: 'fullName', width: 90 },
          { title: t('drill.idNumber'), dataIndex: 'idNumber', width: 170 },
          tasks
            ? { title: t('drill.item'), dataIndex: 'itemName', render: (v: string | null) => v ?? '—' }
            : { title: t('drill.package'), dataIndex: 'packageName', render: (v: string | null) => v ?? '—' },
          { title: t('drill.team'), dataIndex: 'teamName', render: (v: string | null) => v ?? '—' },
          { title: t('drill.doctor'), dataIndex: 'doctorName', width: 80, render: (v: string | null) => v ?? '—' },
          { title: t('drill.status'), dataIndex: 'status', width: 90, render: status },
          { title: t('drill.date'), dataIndex: 'date', width: 110, render: fmtDate },
          ...(target?.metric === 'revenue' ? [{ title: t('drill.price'), dataIndex: 'price', width: 100, render: yuan }] : []),
        ]}
      />
    </Drawer>
  );
}
