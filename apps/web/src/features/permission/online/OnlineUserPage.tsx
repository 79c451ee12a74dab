import { useState, type Key } from 'react';
import { Button, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { LogoutOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type OnlineUserRow } from '@medalliance/contract';
import { onlineUserApi } from '../../../api/permission.ts';
import { toast } from '../../../app/feedback.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { NS } from '../messages.ts';
import { SearchBar } from '../shared/SearchBar.tsx';
import { OrgPath } from '../shared/OrgPath.tsx';
import { formatTime } from '../shared/formatTime.ts';
import { listPagination } from '../shared/pagination.ts';
import { useConfirm } from '../shared/useConfirm.ts';
import { scrollWidth } from '../shared/columns.ts';
import { useActionColumn } from '../../../components/listPage/useActionColumn.ts';
import '../permission.css';

const BTN_FORCED = 'btn_forced';
type Row = OnlineUserRow & { loginIPAddressName: string | null };

/**
 * Online users (spec §6, §7.4): who is signed in (user, organisation, IP,
 * sign-in time, last seen) and force offline with the spec's confirmation.
 */
export default function OnlineUserPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const confirm = useConfirm();
  const withActions = useActionColumn(['btn_forced']);
  const [q, setQ] = useState({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, keyword: '' });
  const [selected, setSelected] = useState<Key[]>([]);

  const list = useQuery({
    queryKey: ['permission', 'online', q],
    queryFn: async () => (await onlineUserApi.list(q)).data,
    placeholderData: keepPreviousData,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['permission', 'online'] });

  const force = (row: Row) =>
    confirm(t('online.confirm'), async () => {
      await onlineUserApi.forceOffline(row.id);
      toast.success(t('online.done'));
      setSelected((s) => s.filter((k) => k !== row.id));
      refresh();
    });
  const forceMany = () =>
    confirm(t('online.confirm'), async () => {
      await onlineUserApi.forceOfflineMany(selected.map(String));
      toast.success(t('online.done'));
      setSelected([]);
      refresh();
    });

  const columns: ColumnsType<Row> = [
    {
      title: t('online.user'),
      dataIndex: 'userName',
      width: 200,
      render: (v: string, r) => (
        <Space size={6}>
          <span>{v}</span>
          {r.current ? <Tag color="blue">{t('online.current')}</Tag> : null}
        </Space>
      ),
    },
    { title: t('online.organize'), dataIndex: 'organize', width: 200, render: (v: string) => <OrgPath path={v} /> },
    { title: t('online.ip'), dataIndex: 'loginIPAddress', width: 130 },
    { title: t('online.place'), dataIndex: 'loginIPAddressName', width: 100 },
    { title: t('online.platform'), dataIndex: 'loginPlatForm', width: 180, ellipsis: true },
    { title: t('online.loginTime'), dataIndex: 'loginTime', width: 170, render: (v: number) => formatTime(v, true) },
    { title: t('online.lastSeen'), dataIndex: 'lastSeenTime', width: 170, render: (v: number) => formatTime(v, true) },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, r) =>
        r.current ? null : (
          <Auth code={BTN_FORCED}>
            <Button type="link" size="small" danger onClick={() => force(r)}>
              {t('online.forced')}
            </Button>
          </Auth>
        ),
    },
  ];

  return (
    <div className="ma-page ma-perm-page" data-testid="page-online">
      <div className="ma-perm-main">
        <SearchBar onSearch={(keyword) => setQ((x) => ({ ...x, keyword, currentPage: 1 }))} />
        <div className="ma-perm-toolbar">
          <Auth code={BTN_FORCED}>
            <Button danger icon={<LogoutOutlined />} disabled={!selected.length} onClick={forceMany}>
              {t('online.forcedMany')}
            </Button>
          </Auth>
          <Tooltip title={t('common.refresh')}>
            <Button type="text" icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={() => void list.refetch()} />
          </Tooltip>
        </div>
        <Table<Row>
          className="ma-perm-table"
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          columns={withActions(columns)}
          scroll={{ x: scrollWidth(withActions(columns), 160) + 48 }}
          rowSelection={{ selectedRowKeys: selected, onChange: setSelected, getCheckboxProps: (r) => ({ disabled: r.current }) }}
          pagination={listPagination(t, {
            current: q.currentPage,
            pageSize: q.pageSize,
            total: list.data?.pagination.total ?? 0,
            onChange: (currentPage, pageSize) => setQ((x) => ({ ...x, currentPage, pageSize })),
          })}
          locale={{ emptyText: t('common.noData') }}
        />
      </div>
    </div>
  );
}
