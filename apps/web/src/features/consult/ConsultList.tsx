import { useState, type ReactNode } from 'react';
import { Button, Card, DatePicker, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConsultListQuery } from '@medalliance/contract';
import { MaskedText } from '../health/shared/MaskedText.tsx';
import { saveBlob } from '../permission/shared/download.ts';
import { consultApi, type ConsultRow } from './api.ts';
import { ConsultDrawer } from './ConsultDrawer.tsx';
import { fen, time } from './format.ts';
import { NS } from './messages.ts';

export const STATE_COLORS: Record<string, string> = {
  pending: 'orange',
  refused: 'red',
  approved: 'blue',
  scheduled: 'cyan',
  held: 'purple',
  answered: 'geekblue',
  evaluated: 'green',
  cancelled: 'default',
};

export function StateTag({ state }: { state: string }) {
  const { t } = useTranslation(NS);
  return <Tag color={STATE_COLORS[state] ?? 'default'}>{t(`state.${state}`)}</Tag>;
}

/**
 * The consultation list every screen shares: one box of the server (mine,
 * approve, expert, all) with filters, masked patients, the state, what the
 * caller may do next (opens the detail drawer), optionally the Excel export.
 */
export function ConsultList({
  box,
  toolbar,
  exportable,
  columns = 'full',
  fixedState,
  testId = 'consult-list',
}: {
  box: 'mine' | 'approve' | 'expert' | 'all';
  toolbar?: ReactNode;
  exportable?: boolean;
  columns?: 'full' | 'eval';
  fixedState?: string;
  testId?: string;
}) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [q, setQ] = useState<ConsultListQuery & { currentPage: number; pageSize: number }>({
    currentPage: 1,
    pageSize: 20,
    box,
    state: (fixedState ?? '') as ConsultListQuery['state'],
    urgency: '',
    keyword: '',
  });
  const [open, setOpen] = useState<string | null>(null);
  const data = useQuery({ queryKey: ['consult', 'list', q], queryFn: async () => (await consultApi.list(q)).data });
  const refresh = () => void client.invalidateQueries({ queryKey: ['consult'] });
  const exportXlsx = async () => {
    const res = await consultApi.exportXlsx({ ...q, box: 'all' });
    saveBlob(res.data, `consultations_${new Date().toISOString().slice(0, 10)}.xlsx`);
  };
  const evalCols = [
    { title: t('score'), dataIndex: 'score', width: 80, render: (v: number | null) => (v === null ? '—' : `${v} / 5`) },
    { title: t('evalComment'), dataIndex: 'evalComment', width: 260, render: (v: string) => v || '—' },
    { title: t('evaluatedAt'), dataIndex: 'evaluatedAt', width: 150, render: time },
  ];
  return (
    <Card data-testid={testId}>
      <Space wrap style={{ marginBottom: 12 }}>
        {toolbar}
        {!fixedState && (
          <Select
            style={{ width: 130 }}
            value={q.state}
            onChange={(v) => setQ({ ...q, state: v, currentPage: 1 })}
            data-testid="consult-filter-state"
            options={[
              { value: '', label: t('allStates') },
              ...Object.keys(STATE_COLORS).map((s) => ({ value: s, label: t(`state.${s}`) })),
            ]}
          />
        )}
        <Select
          style={{ width: 150 }}
          value={q.urgency}
          onChange={(v) => setQ({ ...q, urgency: v, currentPage: 1 })}
          options={[
            { value: '', label: t('allUrgencies') },
            { value: 'normal', label: t('urgency.normal') },
            { value: 'urgent', label: t('urgency.urgent') },
          ]}
        />
        {box === 'all' && (
          <DatePicker.RangePicker
            onChange={(v) =>
              setQ({
                ...q,
                from: v?.[0] ? v[0].startOf('day').valueOf() : undefined,
                to: v?.[1] ? v[1].endOf('day').valueOf() + 1 : undefined,
                currentPage: 1,
              })
            }
          />
        )}
        <Input.Search
          allowClear
          maxLength={50}
          placeholder={t('keyword')}
          style={{ width: 220 }}
          onSearch={(v) => setQ({ ...q, keyword: v.trim(), currentPage: 1 })}
        />
        <Button icon={<ReloadOutlined />} onClick={refresh}>
          {t('refresh')}
        </Button>
        {exportable && (
          <Button icon={<DownloadOutlined />} onClick={() => void exportXlsx()} data-testid="consult-export">
            {t('export')}
          </Button>
        )}
      </Space>
      <Table<ConsultRow>
        rowKey="id"
        size="middle"
        loading={data.isFetching}
        dataSource={data.data?.list ?? []}
        scroll={{ x: 1560 }}
        pagination={{
          current: q.currentPage,
          pageSize: q.pageSize,
          total: data.data?.pagination.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => t('total', { n }),
          onChange: (currentPage, pageSize) => setQ({ ...q, currentPage, pageSize }),
        }}
        columns={[
          { title: t('code'), dataIndex: 'code', width: 150, render: (v: string, r) => <a onClick={() => setOpen(r.id)}>{v}</a> },
          {
            title: t('state'),
            dataIndex: 'state',
            width: 120,
            render: (v: string, r) => (
              <Space size={4}>
                <StateTag state={v} />
                {r.overdue && (
                  <Typography.Text type="danger" data-testid="consult-overdue">
                    {t('overdue')}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('patient'),
            dataIndex: 'patientName',
            width: 110,
            render: (v: string) => <MaskedText value={v} testId="consult-patient" />,
          },
          { title: t('org'), dataIndex: 'orgName', width: 160, ellipsis: true },
          { title: t('applicant'), dataIndex: 'applicantName', width: 90 },
          ...(columns === 'eval'
            ? evalCols
            : [
                {
                  title: t('question'),
                  dataIndex: 'question',
                  width: 240,
                  ellipsis: true,
                  render: (v: string) => (
                    <Tooltip title={v}>
                      <span>{v}</span>
                    </Tooltip>
                  ),
                },
                {
                  title: t('urgency'),
                  dataIndex: 'urgency',
                  width: 80,
                  render: (v: string) => <Tag color={v === 'urgent' ? 'red' : 'default'}>{t(`urgency.${v}`)}</Tag>,
                },
                { title: t('mode'), dataIndex: 'mode', width: 100, render: (v: string) => t(`mode.${v}`) },
                {
                  title: t('experts'),
                  dataIndex: 'experts',
                  width: 130,
                  render: (v: ConsultRow['experts']) => v.map((e) => e.realName).join('、') || '—',
                },
                { title: t('createdAt'), dataIndex: 'createdAt', width: 150, render: time },
                { title: t('fee'), dataIndex: 'fee', width: 90, render: (v: number | null) => (v === null ? '—' : fen(v)) },
              ]),
          {
            title: t('operation'),
            key: 'op',
            width: 110,
            fixed: 'right',
            render: (_: unknown, r) => (
              <Button
                size="small"
                type={r.actions.length ? 'primary' : 'link'}
                onClick={() => setOpen(r.id)}
                data-testid={`consult-open-${r.code}`}
              >
                {r.actions.length ? t(`do.${r.actions[0]}`) : t('view')}
              </Button>
            ),
          },
        ]}
      />
      {open && <ConsultDrawer id={open} onClose={() => setOpen(null)} onChanged={refresh} />}
    </Card>
  );
}
