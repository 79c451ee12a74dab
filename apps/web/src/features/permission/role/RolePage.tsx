import { useState } from 'react';
import { Button, Select, Space, Switch, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@medalliance/contract';
import { roleApi, type RoleRow } from '../../../api/permission.ts';
import { toast } from '../../../app/feedback.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { usePermission } from '../../../components/auth/usePermission.ts';
import { NS } from '../messages.ts';
import { SearchBar } from '../shared/SearchBar.tsx';
import { StatusTag } from '../shared/StatusTag.tsx';
import { formatTime } from '../shared/formatTime.ts';
import { listPagination } from '../shared/pagination.ts';
import { refreshPermissionData } from '../shared/refresh.ts';
import { useConfirm } from '../shared/useConfirm.ts';
import { RoleForm } from './RoleForm.tsx';
import { scrollWidth } from '../shared/columns.ts';
import { useActionColumn } from '../shared/useActionColumn.ts';
import '../permission.css';

type RoleType = '' | 'global' | 'organize';

/**
 * Roles (spec §7.4): global and organisation roles, keyword and type filters,
 * paging, enable / disable (PUT Actions/State), create / edit / delete.
 */
export default function RolePage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const confirm = useConfirm();
  const withActions = useActionColumn(['btn_edit', 'btn_remove']);
  const { hasBtn } = usePermission();
  const [type, setType] = useState<RoleType>('');
  const [q, setQ] = useState({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, keyword: '', type: '' as RoleType });
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);

  const list = useQuery({
    queryKey: ['permission', 'role', q],
    queryFn: async () => (await roleApi.list(q)).data,
    placeholderData: keepPreviousData,
  });
  const state = useMutation({
    mutationFn: ({ id, on }: { id: string; on: boolean }) => roleApi.setState(id, on ? 1 : 0),
    onSuccess: () => {
      toast.success(t('common.stateChanged'));
      refreshPermissionData(client);
    },
  });

  const remove = (row: RoleRow) =>
    confirm(t('common.deleteConfirm'), async () => {
      await roleApi.remove(row.id);
      toast.success(t('common.deleted'));
      refreshPermissionData(client);
    });

  const columns: ColumnsType<RoleRow> = [
    { title: t('role.fullName'), dataIndex: 'fullName', width: 180 },
    { title: t('role.enCode'), dataIndex: 'enCode', width: 180 },
    {
      title: t('role.type'),
      dataIndex: 'type',
      width: 120,
      render: (v: string) => (v === 'global' ? <Tag color="purple">{t('role.global')}</Tag> : <Tag color="blue">{t('role.organize')}</Tag>),
    },
    {
      title: t('role.organizations'),
      dataIndex: 'organizeInfo',
      width: 220,
      render: (v: string) =>
        v ? (
          <Tooltip title={v} placement="topLeft">
            <span className="ma-perm-ellipsis">
              {v
                .split(', ')
                .map((p) => p.split('/').pop())
                .join(', ')}
            </span>
          </Tooltip>
        ) : (
          <span className="ma-perm-muted">—</span>
        ),
    },
    {
      title: t('common.status'),
      dataIndex: 'enabledMark',
      width: 100,
      render: (v: number, r) =>
        hasBtn(BUTTON_CODES.edit) ? (
          <Switch
            size="small"
            checked={v === 1}
            loading={state.isPending && state.variables?.id === r.id}
            onChange={(on) => state.mutate({ id: r.id, on })}
            aria-label={`${r.fullName} ${t('common.status')}`}
          />
        ) : (
          <StatusTag enabled={v === 1} />
        ),
    },
    { title: t('common.sortCode'), dataIndex: 'sortCode', width: 80 },
    { title: t('common.creatorTime'), dataIndex: 'creatorTime', width: 160, render: (v: number) => formatTime(v) },
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
    <div className="ma-page ma-perm-page" data-testid="page-role">
      <div className="ma-perm-main">
        <SearchBar
          onSearch={(keyword) => setQ((x) => ({ ...x, keyword, type, currentPage: 1 }))}
          onReset={() => setType('')}
          filters={
            <Select<RoleType>
              value={type}
              onChange={setType}
              style={{ width: 150 }}
              aria-label={t('role.type')}
              options={[
                { value: '', label: t('role.allTypes') },
                { value: 'global', label: t('role.global') },
                { value: 'organize', label: t('role.organize') },
              ]}
            />
          }
        />
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
        <Table<RoleRow>
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
      <RoleForm target={editing} onClose={() => setEditing(null)} onSaved={() => refreshPermissionData(client)} />
    </div>
  );
}
