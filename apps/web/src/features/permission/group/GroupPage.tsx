import { useState } from 'react';
import { Button, Space, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@medalliance/contract';
import { groupApi, type GroupRow } from '../../../api/permission.ts';
import { toast } from '../../../app/feedback.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { NS } from '../messages.ts';
import { SearchBar } from '../shared/SearchBar.tsx';
import { StatusTag } from '../shared/StatusTag.tsx';
import { formatTime } from '../shared/formatTime.ts';
import { listPagination } from '../shared/pagination.ts';
import { refreshPermissionData } from '../shared/refresh.ts';
import { useConfirm } from '../shared/useConfirm.ts';
import { GroupForm, groupTypeLabel } from './GroupForm.tsx';
import { scrollWidth } from '../shared/columns.ts';
import { useActionColumn } from '../shared/useActionColumn.ts';
import '../permission.css';

/** User groups (spec §7.4): keyword search, paging, create / edit / delete. */
export default function GroupPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const confirm = useConfirm();
  const withActions = useActionColumn(['btn_edit', 'btn_remove']);
  const [q, setQ] = useState({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, keyword: '' });
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);

  const list = useQuery({
    queryKey: ['permission', 'group', q],
    queryFn: async () => (await groupApi.list(q)).data,
    placeholderData: keepPreviousData,
  });

  const remove = (row: GroupRow) =>
    confirm(t('common.deleteConfirm'), async () => {
      await groupApi.remove(row.id);
      toast.success(t('common.deleted'));
      refreshPermissionData(client);
    });

  const columns: ColumnsType<GroupRow> = [
    { title: t('group.fullName'), dataIndex: 'fullName', width: 220 },
    { title: t('group.enCode'), dataIndex: 'enCode', width: 180 },
    { title: t('group.type'), dataIndex: 'type', width: 150, render: (v: string | null) => groupTypeLabel(t, v) },
    { title: t('common.status'), dataIndex: 'enabledMark', width: 90, render: (v: number) => <StatusTag enabled={v === 1} /> },
    { title: t('common.sortCode'), dataIndex: 'sortCode', width: 80 },
    { title: t('common.creatorTime'), dataIndex: 'creatorTime', width: 160, render: (v: number) => formatTime(v) },
    { title: t('common.description'), dataIndex: 'description', ellipsis: true },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Auth code={BUTTON_CODES.edit}>
            <Button type="link" size="small" onClick={() => setEditing({ id: r.id })}>
              {t('common.edit')}
            </Button>
          </Auth>
          <Auth code={BUTTON_CODES.remove}>
            <Button type="link" size="small" danger onClick={() => remove(r)}>
              {t('common.delete')}
            </Button>
          </Auth>
        </Space>
      ),
    },
  ];

  return (
    <div className="ma-page ma-perm-page" data-testid="page-group">
      <div className="ma-perm-main">
        <SearchBar onSearch={(keyword) => setQ((x) => ({ ...x, keyword, currentPage: 1 }))} />
        <div className="ma-perm-toolbar">
          <Auth code={BUTTON_CODES.add}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
              {t('common.add')}
            </Button>
          </Auth>
          <Tooltip title={t('common.refresh')}>
            <Button type="text" icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={() => void list.refetch()} />
          </Tooltip>
        </div>
        <Table<GroupRow>
          className="ma-perm-table"
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          columns={withActions(columns)}
          scroll={{ x: scrollWidth(withActions(columns), 160) }}
          pagination={listPagination(t, {
            current: q.currentPage,
            pageSize: q.pageSize,
            total: list.data?.pagination.total ?? 0,
            onChange: (currentPage, pageSize) => setQ((x) => ({ ...x, currentPage, pageSize })),
          })}
          locale={{ emptyText: t('common.noData') }}
        />
      </div>
      <GroupForm target={editing} onClose={() => setEditing(null)} onSaved={() => refreshPermissionData(client)} />
    </div>
  );
}
