import { useState } from 'react';
import { Modal, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { KpiMetric, KpiPatient, KpiProgramme } from '@medalliance/contract';
import { kpiApi } from './api.ts';
import { NS } from './messages.ts';

export interface DrillTarget {
  programme: KpiProgramme;
  year: number;
  orgId?: string;
  rowOrgId?: string;
  doctorId?: string;
  metric: KpiMetric;
  /** The row's (or the organisation's) name for the title. */
  name: string;
}

const date = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString().slice(0, 10));

/** The patients (or archives) behind one figure, masked, paged on the server. */
export function KpiDrillDown({ target, onClose }: { target: DrillTarget; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const q = useQuery({
    queryKey: ['healthKpi', 'patients', target, page],
    queryFn: async () => {
      const { name: _title, ...query } = target;
      return (await kpiApi.patients({ ...query, ...page })).data;
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
  const archive = target.metric === 'archives' || target.metric === 'archivesUsed';
  const age = (birth: number | null) => (birth === null ? '' : String(new Date().getUTCFullYear() - new Date(birth).getUTCFullYear()));
  const columns: ColumnsType<KpiPatient> = [
    { title: t('name'), dataIndex: 'name', key: 'name', width: 90 },
    { title: t('idNumber'), dataIndex: 'idNumber', key: 'idNumber', width: 180 },
    { title: t('sex'), key: 'sex', width: 60, render: (_, r) => (r.sex === '1' ? t('male') : r.sex === '2' ? t('female') : '') },
    { title: t('age'), key: 'age', width: 60, align: 'right', render: (_, r) => age(r.birthDate) },
    { title: t('orgCol'), dataIndex: 'orgName', key: 'org' },
    { title: t('doctorCol'), dataIndex: 'doctorName', key: 'doctor', width: 100 },
    ...(archive
      ? [{ title: t('lastActivity'), key: 'activity', render: (_: unknown, r: KpiPatient) => date(r.lastActivityAt) }]
      : ([
          { title: t('visits'), dataIndex: 'visits', key: 'visits', align: 'right', width: 80 },
          { title: t('faceToFace'), dataIndex: 'faceToFace', key: 'f2f', align: 'right', width: 100 },
          { title: t('lastVisit'), key: 'last', width: 110, render: (_: unknown, r: KpiPatient) => date(r.lastVisitAt) },
          {
            title: t('lastControlled'),
            key: 'ctl',
            width: 120,
            render: (_: unknown, r: KpiPatient) =>
              r.lastControlled === null ? null : (
                <Tag color={r.lastControlled ? 'green' : 'orange'}>{r.lastControlled ? t('controlledYes') : t('controlledNo')}</Tag>
              ),
          },
        ] as ColumnsType<KpiPatient>)),
  ];
  return (
    <Modal
      open
      width={1000}
      footer={null}
      onCancel={onClose}
      title={t('drillTitle', { name: target.name, metric: t(target.metric), programme: t(target.programme), year: target.year })}
      data-testid="kpi-drill"
    >
      <Typography.Text type="secondary">
        {t('drillTotal', { total: q.data?.pagination.total ?? 0 })} · {t('maskedNote')}
      </Typography.Text>
      <Table<KpiPatient>
        rowKey="id"
        size="small"
        style={{ marginTop: 8 }}
        loading={q.isFetching}
        columns={columns}
        dataSource={q.data?.list ?? []}
        data-testid="kpi-drill-table"
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: q.data?.pagination.total ?? 0,
          showSizeChanger: true,
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
      />
    </Modal>
  );
}
