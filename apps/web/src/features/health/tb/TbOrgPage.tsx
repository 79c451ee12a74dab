import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Modal, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TbKpiRow } from '@medalliance/contract';
import { tbApi } from './api.ts';
import { NS } from './messages.ts';
import { TbTable } from './TbTable.tsx';
import './messages.ts';

const pct = (v: number | null) => (v === null ? '—' : `${v}%`);

/**
 * Tuberculosis by unit (menu tuberculosis_manage_org): notified, under
 * treatment, first visit within 72 h and adherence of closed cases, per unit of
 * the caller's scope, over a notification period; a unit opens its cases.
 */
export default function TbOrgPage() {
  const { t } = useTranslation(NS);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [drill, setDrill] = useState<TbKpiRow | null>(null);
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const period = { from: range?.[0]?.startOf('day').valueOf(), to: range?.[1]?.endOf('day').valueOf() };
  const kpi = useQuery({
    queryKey: ['healthTb', 'kpi', period],
    queryFn: async () => (await tbApi.kpi(period)).data,
    placeholderData: keepPreviousData,
  });
  const cases = useQuery({
    queryKey: ['healthTb', 'drill', drill?.orgId, page],
    queryFn: async () => (await tbApi.cases({ ...page, orgId: drill!.orgId })).data,
    enabled: !!drill,
  });
  const rows = kpi.data ? [...kpi.data.list, { ...kpi.data.total, orgName: t('kpi.total') }] : [];
  return (
    <Card size="small" style={{ margin: 12 }} title={t('orgTitle')} data-testid="tb-org-screen">
      <Space style={{ marginBottom: 12 }} wrap>
        <span>{t('kpi.period')}</span>
        <DatePicker.RangePicker value={range} onChange={(v) => setRange(v as [Dayjs | null, Dayjs | null] | null)} />
      </Space>
      <Alert type="info" showIcon message={t('kpi.hint')} style={{ marginBottom: 12 }} />
      <div data-testid="tb-kpi">
        <Table<TbKpiRow>
          size="small"
          rowKey={(r) => r.orgId || 'total'}
          loading={kpi.isFetching}
          pagination={false}
          dataSource={rows}
          locale={{ emptyText: t('noData') }}
          columns={[
            {
              title: t('kpi.unit'),
              key: 'org',
              render: (_, r) =>
                r.orgId ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => {
                      setPage({ currentPage: 1, pageSize: 10 });
                      setDrill(r);
                    }}
                    data-testid={`tb-kpi-org-${r.orgId}`}
                  >
                    {r.orgName}
                  </Button>
                ) : (
                  <b>{r.orgName}</b>
                ),
            },
            { title: t('kpi.notified'), dataIndex: 'notified', key: 'n', align: 'right' },
            { title: t('kpi.managed'), dataIndex: 'managed', key: 'm', align: 'right' },
            {
              title: t('kpi.firstVisit'),
              key: 'fv',
              align: 'right',
              render: (_, r) => `${pct(r.firstVisitRate)}（${t('kpi.firstVisitCount', { in: r.firstVisitInTime, due: r.firstVisitDue })}）`,
            },
            {
              title: t('kpi.adherence'),
              key: 'adh',
              align: 'right',
              render: (_, r) => `${pct(r.adherenceRate)}（${r.dosesTaken}/${r.dosesDue}）`,
            },
          ]}
        />
      </div>
      {drill && (
        <Modal
          open
          width={1280}
          footer={null}
          title={t('kpi.drill', { org: drill.orgName })}
          onCancel={() => setDrill(null)}
          destroyOnHidden
        >
          <TbTable tab="patients" data={cases.data} loading={cases.isFetching} page={page} onPage={setPage} />
        </Modal>
      )}
    </Card>
  );
}
