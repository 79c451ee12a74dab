import { useState } from 'react';
import { Button, Select, Switch, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { roleApi, type RoleRow } from '../../../api/permission.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { usePermission } from '../../../components/auth/usePermission.ts';
import {
  ListPage,
  actionsColumn,
  permissionLook as look,
  useDeleteRow,
  useListQuery,
  useRowState,
} from '../../../components/listPage/index.ts';
import { NS } from '../messages.ts';
import { StatusTag } from '../shared/StatusTag.tsx';
import { formatTime } from '../shared/formatTime.ts';
import { refreshPermissionData } from '../shared/refresh.ts';
import { RoleForm } from './RoleForm.tsx';
import '../permission.css';

type RoleType = '' | 'global' | 'organize';

/**
 * Roles (spec §7.4): global and organisation roles, keyword and type filters,
 * paging, enable / disable (PUT Actions/State), create / edit / delete.
 */
export default function RolePage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const { hasBtn } = usePermission();
  // The type chosen in the bar applies with the next search, like the keyword.
  const [type, setType] = useState<RoleType>('');
  const { query, search, paging } = useListQuery({ type: '' as RoleType });
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);

  const list = useQuery({
    queryKey: ['permission', 'role', query],
    queryFn: async () => (await roleApi.list(query)).data,
    placeholderData: keepPreviousData,
  });
  const refresh = () => refreshPermissionData(client);
  const state = useRowState(look, (row: RoleRow, on) => roleApi.setState(row.id, on), refresh);
  const remove = useDeleteRow(look, (row: RoleRow) => roleApi.remove(row.id), refresh);

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
            loading={state.busy(r)}
            onChange={(on) => state.set(r, on ? 1 : 0)}
            aria-label={`${r.fullName} ${t('common.status')}`}
          />
        ) : (
          <StatusTag enabled={v === 1} />
        ),
    },
    { title: t('common.sortCode'), dataIndex: 'sortCode', width: 80 },
    { title: t('common.creatorTime'), dataIndex: 'creatorTime', width: 160, render: (v: number) => formatTime(v) },
    actionsColumn<RoleRow>(look, t('common.actions'), 130, (r) => ({
      actions: [
        { key: 'edit', onClick: () => setEditing({ id: r.id }) },
        { key: 'delete', onClick: () => remove(r) },
      ],
    })),
  ];

  return (
    <ListPage<RoleRow>
      look={look}
      testId="page-role"
      search={{
        onSearch: (keyword) => search(keyword, { type }),
        onReset: () => {
          setType('');
          search('', { type: '' });
        },
        filters: (
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
        ),
      }}
      toolbar={
        <Auth code={BUTTON_CODES.add}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
            {t('common.add')}
          </Button>
        </Auth>
      }
      onRefresh={() => void list.refetch()}
      table={{ loading: list.isFetching, dataSource: list.data?.list ?? [], columns }}
      paging={paging(list.data?.pagination.total ?? 0)}
      actionCodes={['btn_edit', 'btn_remove']}
      flexibleWidth={160}
    >
      <RoleForm target={editing} onClose={() => setEditing(null)} onSaved={refresh} />
    </ListPage>
  );
}
