import { useState, type ReactNode } from 'react';
import { Progress, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { FdContractRow, FdRecordRow, FdTaskRow, FdUnsignedRow } from '@medalliance/contract';
import { MaskedText } from '../health/shared/MaskedText.tsx';
import { RevealButton } from '../health/shared/RevealButton.tsx';
import type { Revealed } from '../health/shared/healthApi.ts';
import type { Page } from './api.ts';
import { AuditTag, AuthTag, ContractStatus, fmtDay, fmtTime, GroupTags, TaskStatus, yuan } from './format.tsx';
import { NS } from './messages.ts';
import './messages.ts';

/**
 * The lists of the family-doctor screens, paged on the server: contracts,
 * tasks, service records, unsigned key-population residents. Names, ID
 * numbers and phones come masked; the reveal asks a reason (audited).
 */

interface Paging {
  page: { currentPage: number; pageSize: number };
  onPage: (currentPage: number, pageSize: number) => void;
}
interface ListProps<T> extends Paging {
  data: Page<T> | undefined;
  loading: boolean;
  extra?: (row: T) => ReactNode;
  testId: string;
  empty?: string;
  onSort?: (field: string | undefined, order: 'asc' | 'desc') => void;
  /** The caller may reveal a resident (the archive's reveal right). */
  reveal?: boolean;
}

function useReveal(allowed: boolean | undefined) {
  const [revealed, setRevealed] = useState<Record<string, Revealed>>({});
  const person = (residentId: string, fullName: string) => (
    <Space size={2} style={{ whiteSpace: 'nowrap' }}>
      <MaskedText value={fullName} revealed={revealed[residentId]?.fullName} />
      {revealed[residentId] || !allowed ? null : (
        <RevealButton residentId={residentId} onRevealed={(v) => setRevealed((s) => ({ ...s, [residentId]: v }))} />
      )}
    </Space>
  );
  const idNo = (residentId: string, v: string) => <MaskedText value={v} revealed={revealed[residentId]?.idNumber} />;
  const phone = (residentId: string, v: string) => <MaskedText value={v} revealed={revealed[residentId]?.phone} />;
  return { person, idNo, phone };
}

function Listing<T extends object>({ columns, rowKey, ...p }: ListProps<T> & { columns: ColumnsType<T>; rowKey: string; scrollX: number }) {
  const { t } = useTranslation(NS);
  return (
    <Table<T>
      rowKey={rowKey}
      size="small"
      data-testid={p.testId}
      loading={p.loading}
      columns={columns}
      dataSource={p.data?.list ?? []}
      scroll={{ x: (p as { scrollX: number }).scrollX }}
      locale={{ emptyText: p.empty }}
      onChange={(_, __, sorter) => {
        const s = Array.isArray(sorter) ? sorter[0] : sorter;
        if (p.onSort) p.onSort(s?.order ? String(s.columnKey ?? s.field) : undefined, s?.order === 'ascend' ? 'asc' : 'desc');
      }}
      pagination={{
        current: p.page.currentPage,
        pageSize: p.page.pageSize,
        total: p.data?.pagination.total ?? 0,
        showSizeChanger: true,
        showTotal: (n) => <span data-testid={`${p.testId}-total`}>{t('total', { n })}</span>,
        onChange: p.onPage,
      }}
    />
  );
}

export function ContractTable(p: ListProps<FdContractRow>) {
  const { t } = useTranslation(NS);
  const r = useReveal(p.reveal);
  const columns: ColumnsType<FdContractRow> = [
    { title: t('col.no'), dataIndex: 'contractNo', key: 'contractNo', width: 150, sorter: !!p.onSort },
    { title: t('col.resident'), dataIndex: 'fullName', width: 190, render: (v: string, x) => r.person(x.residentId, v) },
    { title: t('col.idNumber'), dataIndex: 'idNumber', width: 170, render: (v: string, x) => r.idNo(x.residentId, v) },
    { title: t('col.group'), dataIndex: 'populationGroup', width: 110, render: (v: string) => <GroupTags groups={[v]} /> },
    { title: t('col.team'), dataIndex: 'teamName', width: 170, ellipsis: true },
    { title: t('col.doctor'), dataIndex: 'doctorName', width: 80 },
    { title: t('col.package'), dataIndex: 'packageName', width: 140, ellipsis: true },
    { title: t('col.term'), dataIndex: 'termYears', width: 70, render: (v: number) => t('years', { n: v }) },
    {
      title: t('col.signedAt'),
      dataIndex: 'signedAt',
      key: 'signedAt',
      width: 110,
      sorter: !!p.onSort,
      render: (v: number | null) => fmtDay(v),
    },
    { title: t('col.end'), dataIndex: 'endDate', key: 'endDate', width: 110, sorter: !!p.onSort, render: (v: number) => fmtDay(v) },
    { title: t('col.price'), dataIndex: 'price', width: 90, render: (v: number) => t('price', { v: yuan(v) }) },
    {
      title: t('col.progress'),
      key: 'progress',
      width: 130,
      render: (_: unknown, x) =>
        x.tasksTotal ? (
          <Progress size="small" percent={Math.round((x.tasksDone / x.tasksTotal) * 100)} format={() => `${x.tasksDone}/${x.tasksTotal}`} />
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    { title: t('col.status'), dataIndex: 'status', width: 80, fixed: 'right', render: (v: string) => <ContractStatus status={v} /> },
    ...(p.extra
      ? [{ title: t('col.op'), key: 'op', width: 200, fixed: 'right' as const, render: (_: unknown, x: FdContractRow) => p.extra!(x) }]
      : []),
  ];
  return <Listing {...p} columns={columns} rowKey="id" scrollX={1750} />;
}

export function TaskTable(p: ListProps<FdTaskRow>) {
  const { t } = useTranslation(NS);
  const r = useReveal(p.reveal);
  const columns: ColumnsType<FdTaskRow> = [
    { title: t('col.resident'), dataIndex: 'fullName', width: 190, render: (v: string, x) => r.person(x.residentId, v) },
    { title: t('col.no'), dataIndex: 'contractNo', width: 150 },
    { title: t('col.item'), dataIndex: 'itemName', width: 160, ellipsis: true },
    { title: t('col.seq'), dataIndex: 'seq', width: 60 },
    { title: t('col.plan'), dataIndex: 'planDate', key: 'planDate', width: 110, sorter: !!p.onSort, render: (v: number) => fmtDay(v) },
    { title: t('col.due'), dataIndex: 'dueDate', key: 'dueDate', width: 110, sorter: !!p.onSort, render: (v: number) => fmtDay(v) },
    { title: t('col.status'), dataIndex: 'shownStatus', width: 100, render: (v: string) => <TaskStatus status={v} /> },
    { title: t('col.doneAt'), dataIndex: 'doneAt', width: 110, render: (v: number | null) => fmtDay(v) },
    { title: t('col.doctor'), dataIndex: 'doctorName', width: 90 },
    ...(p.extra
      ? [{ title: t('col.op'), key: 'op', width: 220, fixed: 'right' as const, render: (_: unknown, x: FdTaskRow) => p.extra!(x) }]
      : []),
  ];
  return <Listing {...p} columns={columns} rowKey="id" scrollX={1250} />;
}

export function RecordTable(p: ListProps<FdRecordRow>) {
  const { t } = useTranslation(NS);
  const r = useReveal(p.reveal);
  const columns: ColumnsType<FdRecordRow> = [
    { title: t('col.resident'), dataIndex: 'fullName', width: 190, render: (v: string, x) => r.person(x.residentId, v) },
    { title: t('col.item'), dataIndex: 'itemName', width: 150, ellipsis: true },
    { title: t('col.served'), dataIndex: 'servedAt', key: 'servedAt', width: 110, sorter: !!p.onSort, render: (v: number) => fmtDay(v) },
    { title: t('col.distance'), dataIndex: 'distanceM', width: 100, render: (v: number | null) => (v === null ? '—' : t('m', { n: v })) },
    { title: t('col.authenticity'), dataIndex: 'authenticity', width: 90, render: (v: string) => <AuthTag value={v} /> },
    { title: t('col.audit'), dataIndex: 'auditStatus', width: 110, render: (v: string) => <AuditTag value={v} /> },
    {
      title: t('col.recorded'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 160,
      sorter: !!p.onSort,
      render: (v: number) => fmtTime(v),
    },
    {
      title: t('col.checklist'),
      dataIndex: 'checklist',
      width: 240,
      ellipsis: true,
      render: (v: string[]) => v.map((c) => t(`check.${c}`)).join('、'),
    },
    {
      title: t('col.position'),
      key: 'pos',
      width: 170,
      render: (_: unknown, x) => (x.lat === null || x.lng === null ? '—' : `${x.lat.toFixed(5)}, ${x.lng.toFixed(5)}`),
    },
    { title: t('col.doctor'), dataIndex: 'doctorName', width: 90 },
    { title: t('col.note'), dataIndex: 'note', width: 160, ellipsis: true },
    ...(p.extra
      ? [{ title: t('col.op'), key: 'op', width: 160, fixed: 'right' as const, render: (_: unknown, x: FdRecordRow) => p.extra!(x) }]
      : []),
  ];
  return <Listing {...p} columns={columns} rowKey="id" scrollX={1700} />;
}

export function UnsignedTable(p: ListProps<FdUnsignedRow>) {
  const { t } = useTranslation(NS);
  const r = useReveal(p.reveal);
  const columns: ColumnsType<FdUnsignedRow> = [
    { title: t('col.resident'), dataIndex: 'fullName', width: 190, render: (v: string, x) => r.person(x.residentId, v) },
    { title: t('col.idNumber'), dataIndex: 'idNumber', width: 180, render: (v: string, x) => r.idNo(x.residentId, v) },
    { title: t('col.phone'), dataIndex: 'phone', width: 130, render: (v: string, x) => r.phone(x.residentId, v) },
    { title: t('col.birth'), dataIndex: 'birthDate', width: 110, render: (v: number | null) => fmtDay(v) },
    { title: t('col.groups'), dataIndex: 'groups', width: 220, render: (v: string[]) => <GroupTags groups={v} /> },
    { title: t('col.org'), dataIndex: 'orgName', width: 160, ellipsis: true },
    ...(p.extra
      ? [{ title: t('col.op'), key: 'op', width: 100, fixed: 'right' as const, render: (_: unknown, x: FdUnsignedRow) => p.extra!(x) }]
      : []),
  ];
  return <Listing {...p} columns={columns} rowKey="residentId" scrollX={1050} />;
}
