import { useCallback, useState } from 'react';
import { Button, Space, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@medalliance/contract';
import { positionApi, type PositionRow } from '../../../api/permission.ts';
import { toast } from '../../../app/feedback.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { NS } from '../messages.ts';
import { OrgSideTree } from '../shared/OrgSideTree.tsx';
import { SearchBar } from '../shared/SearchBar.tsx';
import { OrgPath } from '../shared/OrgPath.tsx';
import { StatusTag } from '../shared/StatusTag.tsx';
import { formatTime } from '../shared/formatTime.ts';
import { listPagination } from '../shared/pagination.ts';
import { refreshPermissionData } from '../shared/refresh.ts';
import { useConfirm } from '../shared/useConfirm.ts';
import { PositionForm, positionTypeLabel } from './PositionForm.tsx';
import { scrollWidth } from '../shared/columns.ts';
import { useActionColumn } from '../shared/useActionColumn.ts';
import '../permission.css';

/**
 * Positions (spec §7.4): the organisation tree on the left narrows the paged
 * list on the right; keyword search, create / edit / delete.
 */
export default function PositionPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const confirm = useConfirm();
  const withActions = useActionColumn(['btn_edit', 'btn_remove']);
  const [organizeId, setOrganizeId] = useState<string | null>(null);
  const [q, setQ] = useState({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, keyword: '' });
  const [editing, setEditing] = useState<{ id: string | null; organizeId?: string } | null>(null);

  const list = useQuery({
    queryKey: ['permission', 'position', organizeId, q],
    queryFn: async () => (await positionApi.list({ ...q, organizeId: organizeId ?? '' })).data,
    placeholderData: keepPreviousData,
  });
  const chooseOrg = useCallback((id: string | null) => {
    setOrganizeId(id);
    setQ((x) => ({ ...x, currentPage: 1 }));
  }, []);

  const remove = (row: PositionRow) =>
    confirm(t('common.deleteConfirm'), async () => {
      await positionApi.remove(row.id);
      toast.success(t('common.deleted'));
      refreshPermissionData(client);
    });

  const columns: ColumnsType<PositionRow> = [
    { title: t('position.fullName'), dataIndex: 'fullName', width: 140, ellipsis: true },
    { title: t('position.enCode'), dataIndex: 'enCode', width: 150, ellipsis: true },
    { title: t('position.type'), dataIndex: 'type', width: 90, render: (v: string | null) => positionTypeLabel(t, v) },
    { title: t('position.organize'), dataIndex: 'organize', width: 170, render: (v: string) => <OrgPath path={v} /> },
    { title: t('common.status'), dataIndex: 'enabledMark', width: 80, render: (v: number) => <StatusTag enabled={v === 1} /> },
    { title: t('common.creatorTime'), dataIndex: 'creatorTime', width: 140, render: (v: number) => formatTime(v) },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 120,
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
    <div className="ma-page ma-perm-page" data-testid="page-position">
      <div className="ma-perm-split">
        <OrgSideTree title={t('org.tree')} value={organizeId} onChange={chooseOrg} />
        <div className="ma-perm-main">
          <SearchBar onSearch={(keyword) => setQ((x) => ({ ...x, keyword, currentPage: 1 }))} />
          <div className="ma-perm-toolbar">
            <Auth code={BUTTON_CODES.add}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null, organizeId: organizeId ?? undefined })}>
                {t('common.add')}
              </Button>
            </Auth>
            <Tooltip title={t('common.refresh')}>
              <Button type="text" icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={() => void list.refetch()} />
            </Tooltip>
          </div>
          <Table<PositionRow>
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
      </div>
      <PositionForm target={editing} onClose={() => setEditing(null)} onSaved={() => refreshPermissionData(client)} />
    </div>
  );
}
