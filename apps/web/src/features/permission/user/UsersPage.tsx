import { useCallback, useMemo, useState } from 'react';
import { Button, Select, Space, Switch, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { DownloadOutlined, PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type UserListRow } from '@medalliance/contract';
import { userApi, type UserListQuery } from '../../../api/permission.ts';
import { toast } from '../../../app/feedback.ts';
import { useUser } from '../../../app/stores/userStore.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { usePermission } from '../../../components/auth/usePermission.ts';
import { HeadIcon } from '../../../components/pickers/org/NodeIcon.tsx';
import { NS } from '../messages.ts';
import { OrgSideTree } from '../shared/OrgSideTree.tsx';
import { SearchBar } from '../shared/SearchBar.tsx';
import { OrgPath } from '../shared/OrgPath.tsx';
import { StatusTag } from '../shared/StatusTag.tsx';
import { honourColumns, scrollWidth } from '../shared/columns.ts';
import { formatTime } from '../shared/formatTime.ts';
import { listPagination } from '../shared/pagination.ts';
import { refreshPermissionData } from '../shared/refresh.ts';
import { useConfirm } from '../shared/useConfirm.ts';
import { ExportDialog } from './ExportDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx';
import { UserForm } from './UserForm.tsx';
import { useActionColumn } from '../../../components/listPage/useActionColumn.ts';
import '../permission.css';

const BTN = { resetPassword: 'btn_resetPassword', import: 'btn_import', export: 'btn_export' } as const;
type Status = '' | '0' | '1';

/**
 * Users (spec §7.4): the organisation tree on the left, the paged and sortable
 * list on the right with keyword and status filters; create / edit, reset
 * password, enable / disable, unlock, delete, import and export; every action
 * behind its button permission, columns as the server's column rules leave them.
 */
export default function UsersPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const confirm = useConfirm();
  const withActions = useActionColumn(['btn_edit', 'btn_remove', 'btn_resetPassword']);
  const { hasBtn } = usePermission();
  const me = useUser((s) => s.userInfo?.userId);
  const [organizeId, setOrganizeId] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('');
  const [q, setQ] = useState<UserListQuery>({
    currentPage: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    keyword: '',
    sidx: '',
    sort: '',
    enabledMark: '',
  });
  const query = useMemo(() => ({ ...q, organizeId: organizeId ?? '' }), [q, organizeId]);
  const [editing, setEditing] = useState<{ id: string | null; organizeId?: string } | null>(null);
  const [resetting, setResetting] = useState<UserListRow | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const list = useQuery({
    queryKey: ['permission', 'user', query],
    queryFn: async () => (await userApi.list(query)).data,
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => list.data?.list ?? [], [list.data]);
  const refresh = () => refreshPermissionData(client);

  const state = useMutation({
    mutationFn: ({ id, on }: { id: string; on: boolean }) => userApi.setState(id, on ? 1 : 0),
    onSuccess: () => {
      toast.success(t('common.stateChanged'));
      refresh();
    },
  });
  const unlock = (row: UserListRow) =>
    userApi.unlock(row.id).then(() => {
      toast.success(t('user.unlocked'));
      refresh();
    });
  const remove = (row: UserListRow) =>
    confirm(t('common.deleteConfirm'), async () => {
      await userApi.remove(row.id);
      toast.success(t('common.deleted'));
      refresh();
    });

  const chooseOrg = useCallback((id: string | null) => {
    setOrganizeId(id);
    setQ((x) => ({ ...x, currentPage: 1 }));
  }, []);

  const genderText = (g: number | null) => (g === 1 ? t('user.male') : g === 2 ? t('user.female') : g === 3 ? t('user.secret') : '');
  const sorted = (field: string) => (q.sidx === field && q.sort ? (q.sort === 'asc' ? ('ascend' as const) : ('descend' as const)) : null);

  const allColumns: ColumnsType<UserListRow> = [
    {
      title: t('user.account'),
      dataIndex: 'account',
      width: 150,
      sorter: true,
      sortOrder: sorted('account'),
      render: (v: string, r) => (
        <Space size={8}>
          <HeadIcon name={r.realName || v} headIcon={r.headIcon} size={24} />
          <span>{v}</span>
        </Space>
      ),
    },
    { title: t('user.realName'), dataIndex: 'realName', width: 110, sorter: true, sortOrder: sorted('realName') },
    { title: t('user.gender'), dataIndex: 'gender', width: 70, render: genderText },
    { title: t('user.mobilePhone'), dataIndex: 'mobilePhone', width: 130, sorter: true, sortOrder: sorted('mobilePhone') },
    { title: t('user.organize'), dataIndex: 'organize', width: 190, render: (v: string) => <OrgPath path={v} /> },
    { title: t('user.position'), dataIndex: 'position', width: 120, ellipsis: true },
    { title: t('user.roleName'), dataIndex: 'roleName', width: 120, ellipsis: true },
    {
      title: t('common.creatorTime'),
      dataIndex: 'creatorTime',
      width: 150,
      sorter: true,
      sortOrder: sorted('creatorTime'),
      render: (v: number) => formatTime(v),
    },
    {
      title: t('common.status'),
      dataIndex: 'enabledMark',
      width: 120,
      render: (v: number, r) => (
        <Space size={4}>
          {hasBtn(BUTTON_CODES.edit) && r.id !== me ? (
            <Switch
              size="small"
              checked={v === 1}
              loading={state.isPending && state.variables?.id === r.id}
              onChange={(on) => state.mutate({ id: r.id, on })}
              aria-label={`${r.account} ${t('common.status')}`}
            />
          ) : (
            <StatusTag enabled={v === 1} />
          )}
          {r.lockMark ? <Tag color="warning">{t('user.locked')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 250,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap={false}>
          <Auth code={BUTTON_CODES.edit}>
            <Button type="link" size="small" onClick={() => setEditing({ id: r.id })}>
              {t('common.edit')}
            </Button>
          </Auth>
          <Auth code={BTN.resetPassword}>
            <Button type="link" size="small" onClick={() => setResetting(r)}>
              {t('user.resetPassword')}
            </Button>
          </Auth>
          {r.lockMark ? (
            <Auth code={BUTTON_CODES.edit}>
              <Button type="link" size="small" onClick={() => void unlock(r)}>
                {t('user.unlock')}
              </Button>
            </Auth>
          ) : null}
          {r.id !== me ? (
            <Auth code={BUTTON_CODES.remove}>
              <Button type="link" size="small" danger onClick={() => remove(r)}>
                {t('common.delete')}
              </Button>
            </Auth>
          ) : null}
        </Space>
      ),
    },
  ];
  // Column authority: the server leaves hidden columns out of every row.
  const columns = honourColumns(allColumns, rows);
  const exportColumns = [
    ['account', 'user.account'],
    ['realName', 'user.realName'],
    ['gender', 'user.gender'],
    ['mobilePhone', 'user.mobilePhone'],
    ['email', 'user.email'],
    ['organize', 'user.organize'],
    ['position', 'user.position'],
    ['roleName', 'user.roleName'],
    ['enabledMark', 'common.status'],
    ['creatorTime', 'common.creatorTime'],
    ['description', 'common.description'],
  ]
    .filter(([key]) => !rows.length || rows.some((r) => key! in r))
    .map(([key, label]) => ({ key: key!, label: t(label!) }));

  return (
    <div className="ma-page ma-perm-page" data-testid="page-user">
      <div className="ma-perm-split">
        <OrgSideTree title={t('org.tree')} value={organizeId} onChange={chooseOrg} />
        <div className="ma-perm-main">
          <SearchBar
            onSearch={(keyword) => setQ((x) => ({ ...x, keyword, enabledMark: status, currentPage: 1 }))}
            onReset={() => {
              setStatus('');
              setQ((x) => ({ ...x, keyword: '', enabledMark: '', currentPage: 1 }));
            }}
            filters={
              <Select<Status>
                value={status}
                onChange={setStatus}
                style={{ width: 120 }}
                aria-label={t('common.status')}
                options={[
                  { value: '', label: t('common.all') },
                  { value: '1', label: t('common.enabled') },
                  { value: '0', label: t('common.disabled') },
                ]}
              />
            }
          />
          <div className="ma-perm-toolbar">
            <Space wrap>
              <Auth code={BUTTON_CODES.add}>
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setEditing({ id: null, organizeId: organizeId ?? undefined })}
                >
                  {t('common.add')}
                </Button>
              </Auth>
              <Auth code={BTN.import}>
                <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                  {t('user.import')}
                </Button>
              </Auth>
              <Auth code={BTN.export}>
                <Button icon={<DownloadOutlined />} onClick={() => setExporting(true)}>
                  {t('user.export')}
                </Button>
              </Auth>
            </Space>
            <Tooltip title={t('common.refresh')}>
              <Button type="text" icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={() => void list.refetch()} />
            </Tooltip>
          </div>
          <Table<UserListRow>
            className="ma-perm-table"
            rowKey="id"
            size="middle"
            loading={list.isFetching}
            dataSource={rows}
            columns={withActions(columns)}
            scroll={{ x: scrollWidth(withActions(columns), 160) }}
            onChange={(_, __, sorter) => {
              const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<UserListRow> | undefined;
              const field = s?.order ? String(s.field ?? '') : '';
              setQ((x) => ({ ...x, sidx: field, sort: s?.order === 'ascend' ? 'asc' : s?.order === 'descend' ? 'desc' : '' }));
            }}
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
      <UserForm target={editing} onClose={() => setEditing(null)} onSaved={refresh} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} onImported={refresh} />
      <ExportDialog open={exporting} query={query} columns={exportColumns} onClose={() => setExporting(false)} />
    </div>
  );
}
