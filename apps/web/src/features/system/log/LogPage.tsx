import { useState } from 'react';
import { Button, DatePicker, Input, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { DEFAULT_PAGE_SIZE, LOG_CATEGORIES, PAGE_SIZES } from '@medalliance/contract';
import { logApi, type LogRow } from '../../../api/system.ts';
import { toast } from '../../../app/feedback.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { usePermission } from '../../../components/auth/usePermission.ts';
import { useConfirmDelete } from '../common/useConfirm.ts';
import { NS } from '../messages.ts';
import { rangeToTimes } from './logQuery.ts';
import './messages.ts';
import '../common/system.css';

type Category = (typeof LOG_CATEGORIES)[keyof typeof LOG_CATEGORIES];
const TABS: { key: keyof typeof LOG_CATEGORIES; category: Category }[] = [
  { key: 'login', category: LOG_CATEGORIES.login },
  { key: 'request', category: LOG_CATEGORIES.request },
  { key: 'operation', category: LOG_CATEGORIES.operation },
  { key: 'exception', category: LOG_CATEGORIES.exception },
];
const KEY = ['system', 'logs'] as const;
const time = (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss');
const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', DELETE: 'red', PATCH: 'purple' };

/** System logs (sign-in, request, operation, exception): keyword and date search, paging, delete selected. */
export default function LogPage() {
  const { t } = useTranslation(NS);
  const [tab, setTab] = useState<keyof typeof LOG_CATEGORIES>('login');
  return (
    <div className="ma-page ma-sys-page" data-testid="ma-log-page">
      <section className="ma-sys-main">
        <Tabs
          className="ma-log-tabs"
          activeKey={tab}
          onChange={(k) => setTab(k as keyof typeof LOG_CATEGORIES)}
          items={TABS.map((x) => ({ key: x.key, label: t(`log.tab.${x.key}`), children: <LogTable category={x.category} kind={x.key} /> }))}
          destroyOnHidden={false}
        />
      </section>
    </div>
  );
}

function LogTable({ category, kind }: { category: Category; kind: keyof typeof LOG_CATEGORIES }) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const confirmDelete = useConfirmDelete();
  const { hasBtn } = usePermission();
  const [keyword, setKeyword] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [query, setQuery] = useState<{ keyword: string; currentPage: number; pageSize: number; startTime?: number; endTime?: number }>({
    keyword: '',
    currentPage: 1,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const [selected, setSelected] = useState<string[]>([]);
  const list = useQuery({
    queryKey: [...KEY, category, query],
    queryFn: async () => (await logApi.list({ category, ...query })).data,
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (ids: string[]) => logApi.remove(ids),
    onSuccess: async (res) => {
      toast.success(t('log.deleted', { count: res.data.deleted }));
      setSelected([]);
      await client.invalidateQueries({ queryKey: [...KEY, category] });
    },
  });
  const search = () => setQuery((q) => ({ ...q, currentPage: 1, keyword: keyword.trim(), ...rangeToTimes(range) }));

  const label = (prefix: string, v: string | null | undefined) => (v ? t(`${prefix}.${v}`, { defaultValue: v }) : '');
  const user: ColumnsType<LogRow>[number] = {
    title: t('log.user'),
    dataIndex: 'userName',
    width: 150,
    ellipsis: true,
    render: (v: string | null, r) => v || r.account || '',
  };
  const ip: ColumnsType<LogRow>[number] = { title: 'IP', dataIndex: 'ip', width: 130 };
  const when: ColumnsType<LogRow>[number] = {
    title: t('log.time'),
    dataIndex: 'createdAt',
    width: 170,
    render: time,
    sorter: (a, b) => a.createdAt - b.createdAt,
  };
  const method: ColumnsType<LogRow>[number] = {
    title: t('log.method'),
    dataIndex: 'method',
    width: 90,
    render: (v: string | null) => (v ? <Tag color={METHOD_COLORS[v]}>{v}</Tag> : ''),
  };
  const path: ColumnsType<LogRow>[number] = {
    title: t('log.path'),
    dataIndex: 'path',
    ellipsis: true,
    render: (v: string | null) => <span className="ma-sys-code">{v}</span>,
  };

  const columns: Record<typeof kind, ColumnsType<LogRow>> = {
    login: [
      when,
      { title: t('log.account'), dataIndex: 'account', width: 110, ellipsis: true },
      user,
      ip,
      { title: t('log.place'), dataIndex: 'ipAddressName', width: 100 },
      {
        title: t('log.platform'),
        dataIndex: 'platform',
        width: 210,
        ellipsis: true,
        render: (v: string | null, r) => [v, r.browser].filter(Boolean).join(' / '),
      },
      { title: t('log.loginType'), dataIndex: 'loginType', width: 100, render: (v: string | null) => label('log.loginType', v) },
      {
        title: t('log.result'),
        dataIndex: 'success',
        width: 200,
        render: (v: number, r) => (
          <Space size={4}>
            {v ? <Tag color="success">{t('log.ok')}</Tag> : <Tag color="error">{t('log.failed')}</Tag>}
            {!v && <span className="ma-sys-hint">{label('log.msg', r.message)}</span>}
          </Space>
        ),
      },
    ],
    request: [
      when,
      user,
      ip,
      method,
      path,
      {
        title: t('log.status'),
        dataIndex: 'status',
        width: 80,
        align: 'center',
        render: (v: number | null) => (v ? <Tag color={v >= 500 ? 'error' : v >= 400 ? 'warning' : 'success'}>{v}</Tag> : ''),
      },
      {
        title: t('log.duration'),
        dataIndex: 'duration',
        width: 100,
        align: 'right',
        sorter: (a, b) => (a.duration ?? 0) - (b.duration ?? 0),
        render: (v: number | null) =>
          v === null || v === undefined ? '' : <span className={v > 1000 ? 'ma-di-slow' : undefined}>{Math.round(v)} ms</span>,
      },
    ],
    operation: [
      when,
      user,
      ip,
      { title: t('log.module'), dataIndex: 'module', width: 120, render: (v: string | null) => label('log.module', v) },
      { title: t('log.action'), dataIndex: 'action', width: 110, render: (v: string | null) => label('log.action', v) },
      {
        title: t('log.summary'),
        dataIndex: 'summary',
        ellipsis: true,
        render: (v: string | null) => (v ? <Tooltip title={v}>{v}</Tooltip> : ''),
      },
    ],
    exception: [
      when,
      user,
      ip,
      method,
      path,
      { title: t('log.message'), dataIndex: 'message', ellipsis: true, render: (v: string | null) => (v ? v.split('\n')[0] : '') },
    ],
  };

  return (
    <div className="ma-sys-main-body" style={{ paddingTop: 0 }}>
      <div className="ma-sys-filters" style={{ marginBottom: 12 }}>
        <Input
          allowClear
          placeholder={t(`log.keyword.${kind}`)}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={search}
        />
        <DatePicker.RangePicker value={range} onChange={(v) => setRange(v)} data-testid={`ma-log-range-${kind}`} />
        <Button type="primary" onClick={search}>
          {t('search')}
        </Button>
        <Button
          onClick={() => {
            setKeyword('');
            setRange(null);
            setQuery((q) => ({ ...q, currentPage: 1, keyword: '', startTime: undefined, endTime: undefined }));
          }}
        >
          {t('reset')}
        </Button>
        <span style={{ flex: 1 }} />
        <Auth code={BUTTON_CODES.remove}>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={!selected.length}
            loading={remove.isPending}
            onClick={() => confirmDelete(() => remove.mutateAsync(selected))}
          >
            {t('log.deleteSelected', { count: selected.length })}
          </Button>
        </Auth>
        <Tooltip title={t('refresh')}>
          <Button type="text" icon={<ReloadOutlined />} aria-label={t('refresh')} onClick={() => void list.refetch()} />
        </Tooltip>
      </div>
      <Table<LogRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        columns={columns[kind]}
        scroll={{ x: 1100 }}
        rowSelection={
          hasBtn(BUTTON_CODES.remove)
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: false }
            : undefined
        }
        expandable={
          kind === 'exception'
            ? {
                expandedRowRender: (r) => (
                  <Typography.Paragraph className="ma-sys-code ma-sys-error" style={{ margin: 0 }} copyable>
                    {r.message}
                  </Typography.Paragraph>
                ),
                rowExpandable: (r) => !!r.message,
              }
            : undefined
        }
        pagination={{
          current: query.currentPage,
          pageSize: query.pageSize,
          total: list.data?.pagination.total ?? 0,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (total) => t('total', { total }),
          onChange: (currentPage, pageSize) => setQuery((q) => ({ ...q, currentPage, pageSize })),
        }}
        data-testid={`ma-log-table-${kind}`}
      />
    </div>
  );
}
