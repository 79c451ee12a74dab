import { useState } from 'react';
import { Alert, Button, InputNumber, Modal, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MaskedText } from '../shared/MaskedText.tsx';
import { psyApi, type KpiFigures, type KpiMeasure, type KpiPatient } from './api.ts';
import { classTag } from './labels.tsx';
import { NS } from './messages.ts';

type Row = KpiFigures & { orgId: string; orgName: string };

/** 规范管理率 and 稳定率 by unit for a year; each count opens the patients behind it. */
export function KpiTab() {
  const { t } = useTranslation(NS);
  const [year, setYear] = useState(new Date().getFullYear());
  const [drill, setDrill] = useState<{ orgId?: string; unit: string; measure: KpiMeasure } | null>(null);
  const table = useQuery({ queryKey: ['healthPsy', 'kpi', year], queryFn: async () => (await psyApi.kpi(year)).data });
  const rate = (v: number | null) => (v === null ? '—' : `${v}%`);
  const count = (measure: KpiMeasure) => (v: number, r: Row) =>
    v ? (
      <Button
        type="link"
        size="small"
        onClick={() => setDrill({ orgId: r.orgId || undefined, unit: r.orgName, measure })}
        data-testid={`psy-kpi-${measure}-${r.orgId}`}
      >
        {v}
      </Button>
    ) : (
      0
    );
  const columns: ColumnsType<Row> = [
    { title: t('unit'), dataIndex: 'orgName', key: 'org' },
    { title: t('managed'), dataIndex: 'managed', key: 'managed', align: 'right', render: count('managed') },
    { title: t('standard'), dataIndex: 'standard', key: 'standard', align: 'right', render: count('standard') },
    { title: t('standardRate'), dataIndex: 'standardRate', key: 'standardRate', align: 'right', render: rate },
    { title: t('followed'), dataIndex: 'followed', key: 'followed', align: 'right', render: count('followed') },
    { title: t('stable'), dataIndex: 'stable', key: 'stable', align: 'right', render: count('stable') },
    { title: t('stableRate'), dataIndex: 'stableRate', key: 'stableRate', align: 'right', render: rate },
  ];
  const total = table.data ? { ...table.data.total, orgId: '', orgName: t('totalRow') } : null;
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        {t('year')}
        <InputNumber min={2000} max={2100} value={year} onChange={(v) => v && setYear(v)} data-testid="psy-kpi-year" />
      </Space>
      <Alert type="info" showIcon message={t('kpiHint', { n: table.data?.standardVisits ?? 4 })} style={{ marginBottom: 8 }} />
      <div data-testid="psy-kpi">
        <Table<Row>
          rowKey={(r) => r.orgId || 'total'}
          size="small"
          loading={table.isFetching}
          pagination={false}
          columns={columns}
          dataSource={[...(table.data?.rows ?? []), ...(total && table.data?.rows.length ? [total] : [])]}
          locale={{ emptyText: t('noData') }}
        />
      </div>
      {drill && <Drill year={year} {...drill} onClose={() => setDrill(null)} />}
    </>
  );
}

function Drill({
  year,
  orgId,
  unit,
  measure,
  onClose,
}: {
  year: number;
  orgId?: string;
  unit: string;
  measure: KpiMeasure;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const list = useQuery({
    queryKey: ['healthPsy', 'kpiPatients', year, orgId, measure, page],
    queryFn: async () => (await psyApi.kpiPatients({ year, orgId, measure, ...page })).data,
  });
  return (
    <Modal open width={760} title={t('drillTitle', { unit, measure: t(measure) })} onCancel={onClose} footer={null} destroyOnHidden>
      <Table<KpiPatient>
        data-testid="psy-kpi-drill"
        rowKey="enrolmentId"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        columns={[
          { title: t('name'), key: 'name', render: (_, r) => <MaskedText value={r.fullName} /> },
          { title: t('idNumber'), key: 'id', render: (_, r) => <MaskedText value={r.idNumber} /> },
          { title: t('age'), dataIndex: 'age', key: 'age', align: 'right' },
          { title: t('org'), dataIndex: 'orgName', key: 'org' },
          { title: t('visitsInYear'), dataIndex: 'visits', key: 'visits', align: 'right' },
          { title: t('lastClass'), key: 'last', render: (_, r) => classTag(t, r.lastClass) },
        ]}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: list.data?.pagination.total ?? 0,
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
      />
    </Modal>
  );
}
