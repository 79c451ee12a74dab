import { useState } from 'react';
import { Alert, Button, DatePicker, Empty, Modal, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import type { FollowupOrgMetric, FollowupOrgRow } from '@medalliance/contract';
import { elderlyApi, type PlanRow } from './api.ts';
import { fmtDate } from './format.ts';
import { byProgrammeOrder, NS, programmeLabel } from './messages.ts';
import { OrgPicker } from './OrgPicker.tsx';
import '../kpi/kpi.css';
import './messages.ts';

interface Drill {
  rowId: string;
  name: string;
  programme: string;
  metric: FollowupOrgMetric;
}
const METRICS: FollowupOrgMetric[] = ['due', 'visited', 'overdue'];
const STATE_COLOR: Record<string, string> = { due: 'blue', overdue: 'red', visited: 'green', upcoming: 'default' };
/** Programmes whose follow-ups the existing follow-up list (treatment_list) shows. */
const IN_FOLLOWUP_LIST = new Set(['htn', 'dm']);
const utcDay = (d: Dayjs) => Date.UTC(d.year(), d.month(), d.date());

/**
 * 随访列表（机构） (menu treatment_list_org): per unit of the caller's scope
 * and per programme of the plan engine (hypertension, diabetes and the
 * programmes of issue 18 as they appear; unknown codes shown as they are),
 * the plans of a period: due, visited, overdue. Each figure opens the plans
 * behind it, and from there the follow-up list.
 */
export default function FollowupOrgPage() {
  const { t } = useTranslation(NS);
  const meta = useQuery({ queryKey: ['healthElderly', 'orgTree'], queryFn: async () => (await elderlyApi.orgTree()).data, retry: false });
  const [orgId, setOrgId] = useState<string | undefined>(undefined);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [drill, setDrill] = useState<Drill | null>(null);
  const period = range ? { from: utcDay(range[0]), to: utcDay(range[1]) + 86_400_000 } : {};
  const table = useQuery({
    queryKey: ['healthElderly', 'followupOrg', orgId, period],
    queryFn: async () => (await elderlyApi.followupOrg({ orgId, ...period })).data,
    enabled: !!meta.data,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = table.data;
  const rowName = (r: FollowupOrgRow) => (r.own ? `${r.name}${t('own')}` : r.name);
  const label: Record<FollowupOrgMetric, string> = { due: t('planDue'), visited: t('planVisited'), overdue: t('planOverdue') };

  const columns: ColumnsType<FollowupOrgRow> = [
    { title: t('orgCol'), key: 'name', render: (_, r) => rowName(r), fixed: 'left', width: 200 },
    ...[...(data?.programmes ?? [])].sort(byProgrammeOrder).map((p) => ({
      title: programmeLabel(t, p),
      key: p,
      children: METRICS.map((m) => ({
        title: label[m],
        key: `${p}-${m}`,
        align: 'right' as const,
        width: 72,
        render: (_: unknown, r: FollowupOrgRow) => {
          const v = r.counts[p]?.[m] ?? 0;
          return (
            <Button
              type="link"
              size="small"
              className="kpi-figure"
              disabled={!v}
              danger={m === 'overdue' && v > 0}
              data-testid={`fu-org-${p}-${m}-${r.id}`}
              onClick={() => setDrill({ rowId: r.id, name: rowName(r), programme: p, metric: m })}
            >
              {v}
            </Button>
          );
        },
      })),
    })),
  ];

  if (meta.isLoading) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  if (meta.isError || !meta.data)
    return (
      <Alert type="error" showIcon style={{ margin: 16 }} message={t('loadFailed')} description={(meta.error as Error | null)?.message} />
    );

  const shownRange: [Dayjs, Dayjs] | null = range ?? (data ? [dayjs(fmtDate(data.from)), dayjs(fmtDate(data.to - 86_400_000))] : null);
  return (
    <div className="kpi-screen" data-testid="fu-org">
      <div className="kpi-toolbar">
        <Space wrap size={[16, 8]}>
          <span>
            {t('orgCol')} <OrgPicker orgs={meta.data.orgs} value={orgId ?? data?.org.id} onChange={setOrgId} testId="fu-org-org" />
          </span>
          <span>
            {t('period')}{' '}
            <DatePicker.RangePicker
              value={shownRange}
              allowClear={false}
              onChange={(v) => v && v[0] && v[1] && setRange([v[0], v[1]])}
              data-testid="fu-org-period"
            />
          </span>
        </Space>
        <Button icon={<ReloadOutlined />} onClick={() => void table.refetch()}>
          {t('refresh')}
        </Button>
      </div>
      {table.isError && <Alert type="error" showIcon message={t('loadFailed')} description={(table.error as Error).message} />}
      <Typography.Text type="secondary" className="kpi-hint">
        {t('followupHint')}
      </Typography.Text>
      <Table<FollowupOrgRow>
        rowKey="id"
        size="small"
        bordered
        loading={table.isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        pagination={false}
        scroll={{ x: 200 + 216 * (data?.programmes.length ?? 0) }}
        locale={{ emptyText: <Empty description={t('noPlans')} /> }}
        data-testid="fu-org-table"
      />
      {drill && data && <PlansDrill drill={drill} orgId={data.org.id} from={data.from} to={data.to} onClose={() => setDrill(null)} />}
    </div>
  );
}

function PlansDrill({ drill, orgId, from, to, onClose }: { drill: Drill; orgId: string; from: number; to: number; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const q = useQuery({
    queryKey: ['healthElderly', 'followupOrgPlans', drill, orgId, from, to, page],
    queryFn: async () =>
      (
        await elderlyApi.followupOrgPlans({
          orgId,
          rowId: drill.rowId,
          programme: drill.programme,
          metric: drill.metric,
          from,
          to,
          ...page,
        })
      ).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const columns: ColumnsType<PlanRow> = [
    { title: t('name'), dataIndex: 'fullName', key: 'name', width: 90 },
    { title: t('idNumber'), dataIndex: 'idNumber', key: 'id', width: 180 },
    { title: t('age'), dataIndex: 'age', key: 'age', width: 60, align: 'right' },
    { title: t('planDate'), key: 'plan', width: 110, render: (_, r) => fmtDate(r.planDate) },
    { title: t('window'), key: 'window', width: 210, render: (_, r) => `${fmtDate(r.windowStart)} ~ ${fmtDate(r.windowEnd)}` },
    { title: t('visitedAt'), key: 'visited', width: 110, render: (_, r) => fmtDate(r.visitedAt) || '—' },
    { title: t('state'), key: 'state', width: 80, render: (_, r) => <Tag color={STATE_COLOR[r.state]}>{t(`state.${r.state}`)}</Tag> },
    { title: t('org'), dataIndex: 'orgName', key: 'org', ellipsis: true },
    { title: t('doctor'), dataIndex: 'doctorName', key: 'doctor', width: 90 },
  ];
  return (
    <Modal
      open
      width={1100}
      footer={
        IN_FOLLOWUP_LIST.has(drill.programme) ? (
          <Button onClick={() => navigate('/health/followup/treatment_list')} data-testid="fu-org-open-list">
            {t('openFollowups')}
          </Button>
        ) : null
      }
      onCancel={onClose}
      title={`${drill.name} · ${programmeLabel(t, drill.programme)} · ${t(`metric.${drill.metric}`)}`}
      data-testid="fu-org-drill"
    >
      <Typography.Text type="secondary">
        {t('total', { total: q.data?.pagination.total ?? 0 })} · {t('maskedNote')}
      </Typography.Text>
      <Table<PlanRow>
        rowKey="planId"
        size="small"
        style={{ marginTop: 8 }}
        loading={q.isFetching}
        columns={columns}
        dataSource={q.data?.list ?? []}
        scroll={{ x: 1000 }}
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
