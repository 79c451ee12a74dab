import { useState } from 'react';
import { Button, Empty, Input, Progress, Select, Space, Table, Tag } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MaskedText } from '../shared/MaskedText.tsx';
import { RevealButton } from '../shared/RevealButton.tsx';
import { healthApi, type Revealed, type ResidentQuery, type ResidentRow, type WorklistKind } from '../shared/healthApi.ts';
import { day, time } from './format.ts';
import { ResidentDrawer } from './ResidentDrawer.tsx';
import { NS } from './messages.ts';
import './messages.ts';

/**
 * The residents table of every records screen (the list and each worklist):
 * search, unit / state / audit filters, server-side sort and paging, masked
 * personal fields with a per-row reveal (reason asked, audited), the resident
 * page in a drawer.
 */
export function ResidentTable({ worklist, workUnit, extra }: { worklist?: WorklistKind; workUnit?: string; extra?: React.ReactNode }) {
  const { t } = useTranslation(NS);
  const [draft, setDraft] = useState({ keyword: '', orgId: '', archiveState: '' as number | '', auditLevel: '' as number | '' });
  const [q, setQ] = useState<ResidentQuery>({ currentPage: 1, pageSize: 20, keyword: '', orgId: '', archiveState: '', auditLevel: '' });
  const [revealed, setRevealed] = useState<Record<string, Revealed>>({});
  const [open, setOpen] = useState<string | null>(null);
  const rights = useQuery({ queryKey: ['health', 'rights'], queryFn: async () => (await healthApi.rights()).data });
  const units = useQuery({ queryKey: ['health', 'units'], queryFn: async () => (await healthApi.units()).data.list });
  const data = useQuery({
    queryKey: ['health', 'residents', worklist ?? 'all', workUnit ?? '', q],
    queryFn: async () => {
      const query = workUnit ? { ...q, workUnit } : q;
      return (await (worklist ? healthApi.worklist(worklist, query) : healthApi.residents(query))).data;
    },
  });
  const apply = () => setQ({ ...q, ...draft, currentPage: 1 });
  const columns = [
    {
      title: t('fullName'),
      dataIndex: 'fullName',
      key: 'fullName',
      sorter: true,
      render: (v: string, r: ResidentRow) => (
        <a onClick={() => setOpen(r.id)} data-testid="resident-name">
          <MaskedText value={v} revealed={revealed[r.id]?.fullName} />
        </a>
      ),
    },
    {
      title: t('idNumber'),
      dataIndex: 'idNumber',
      key: 'idNumber',
      render: (v: string, r: ResidentRow) => <MaskedText value={v} revealed={revealed[r.id]?.idNumber} testId="resident-id-number" />,
    },
    { title: t('sex'), dataIndex: 'sex', key: 'sex', width: 60, render: (v: string | null) => (v ? t(`sex.${v}`) : '—') },
    {
      title: t('birthDate'),
      dataIndex: 'birthDate',
      key: 'birthDate',
      sorter: true,
      width: 110,
      render: (v: number | null, r: ResidentRow) => `${day(v)}${r.age !== null ? ` (${r.age})` : ''}`,
    },
    {
      title: t('phone'),
      dataIndex: 'phone',
      key: 'phone',
      render: (v: string, r: ResidentRow & { phoneIrregular?: boolean }) => (
        <Space size={4}>
          <MaskedText value={v} revealed={revealed[r.id]?.phone} />
          {r.phoneIrregular && <Tag color="orange">{t('phoneWarn')}</Tag>}
        </Space>
      ),
    },
    { title: t('unit'), dataIndex: 'manageOrgName', key: 'unit' },
    { title: t('doctor'), dataIndex: 'doctorName', key: 'doctor', width: 80 },
    {
      title: t('state'),
      dataIndex: 'archiveState',
      key: 'state',
      width: 90,
      render: (v: number) => <Tag color={v === 1 ? 'green' : v === 2 ? 'default' : 'blue'}>{t(`state.${v}`)}</Tag>,
    },
    {
      title: t('auditLevel'),
      dataIndex: 'auditLevel',
      key: 'auditLevel',
      sorter: true,
      width: 100,
      render: (v: number) => t(`level.${v}`),
    },
    {
      title: t('completeness'),
      dataIndex: 'completeness',
      key: 'completeness',
      sorter: true,
      width: 120,
      render: (v: number) => <Progress percent={v} size="small" status={v < 100 ? 'normal' : 'success'} />,
    },
    {
      title: t('lastActivity'),
      dataIndex: 'lastActivityAt',
      key: 'lastActivityAt',
      sorter: true,
      width: 150,
      render: (v: number | null) => time(v),
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 170,
      render: (_: unknown, r: ResidentRow) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpen(r.id)}>
            {t('view')}
          </Button>
          {rights.data?.reveal && !revealed[r.id] && (
            <RevealButton residentId={r.id} onRevealed={(v) => setRevealed((m) => ({ ...m, [r.id]: v }))} />
          )}
        </Space>
      ),
    },
  ];
  return (
    <div className="health-records">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input
          allowClear
          placeholder={t('keyword')}
          value={draft.keyword}
          maxLength={50}
          onChange={(e) => setDraft({ ...draft, keyword: e.target.value })}
          onPressEnter={apply}
          style={{ width: 220 }}
          data-testid="resident-keyword"
        />
        <Select
          style={{ width: 180 }}
          value={draft.orgId}
          onChange={(v) => setDraft({ ...draft, orgId: v })}
          options={[{ value: '', label: t('allUnits') }, ...(units.data ?? []).map((u) => ({ value: u.id, label: u.fullName }))]}
        />
        {!worklist && (
          <Select
            style={{ width: 120 }}
            value={draft.archiveState}
            onChange={(v) => setDraft({ ...draft, archiveState: v })}
            options={[{ value: '', label: t('allStates') }, ...[0, 1, 2].map((s) => ({ value: s, label: t(`state.${s}`) }))]}
          />
        )}
        {(!worklist || worklist === 'incomplete') && (
          <Select
            style={{ width: 130 }}
            value={draft.auditLevel}
            onChange={(v) => setDraft({ ...draft, auditLevel: v })}
            options={[{ value: '', label: t('allLevels') }, ...[0, 1, 2, 3].map((s) => ({ value: s, label: t(`level.${s}`) }))]}
          />
        )}
        <Button type="primary" icon={<SearchOutlined />} onClick={apply}>
          {t('search')}
        </Button>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            setDraft({ keyword: '', orgId: '', archiveState: '', auditLevel: '' });
            setQ({ currentPage: 1, pageSize: q.pageSize, keyword: '', orgId: '', archiveState: '', auditLevel: '' });
          }}
        >
          {t('reset')}
        </Button>
        {extra}
      </Space>
      <Table<ResidentRow>
        rowKey="id"
        size="middle"
        loading={data.isLoading || data.isFetching}
        dataSource={data.data?.list ?? []}
        columns={columns as never}
        locale={{ emptyText: <Empty description={t('empty')} /> }}
        scroll={{ x: 1300 }}
        pagination={{
          current: q.currentPage,
          pageSize: q.pageSize,
          total: data.data?.pagination.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('total', { total }),
        }}
        onChange={(p, _f, s) => {
          const sorter = Array.isArray(s) ? s[0] : s;
          const field = sorter?.order ? String(sorter.columnKey ?? sorter.field) : undefined;
          const sortKey =
            field === 'fullName' ||
            field === 'birthDate' ||
            field === 'completeness' ||
            field === 'lastActivityAt' ||
            field === 'auditLevel'
              ? field
              : undefined;
          setQ({
            ...q,
            currentPage: p.current ?? 1,
            pageSize: p.pageSize ?? 20,
            sort: sortKey,
            order: sorter?.order === 'ascend' ? 'asc' : 'desc',
          });
        }}
        data-testid="resident-table"
      />
      {open && (
        <ResidentDrawer
          id={open}
          onClose={() => setOpen(null)}
          revealed={revealed[open]}
          onRevealed={(v) => setRevealed((m) => ({ ...m, [open]: v }))}
        />
      )}
    </div>
  );
}
