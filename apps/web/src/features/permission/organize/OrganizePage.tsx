import { useMemo, useState } from 'react';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOP_NODE_ID } from '@medalliance/contract';
import { organizeApi } from '../../../api/permission.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { actionsColumn, ListPage, permissionLook as look, useDeleteRow } from '../../../components/listPage/index.ts';
import { NS } from '../messages.ts';
import { StatusTag } from '../shared/StatusTag.tsx';
import { OrgNameCell, keysWithChildren, toOrgRows, useOrgTreeExpansion, type OrgRow } from '../shared/orgTreeRows.tsx';
import { refreshPermissionData } from '../shared/refresh.ts';
import { OrganizeForm, type OrganizeFormTarget } from './OrganizeForm.tsx';
import '../permission.css';

/**
 * Organizations (spec §7.4): companies and departments in one tree table,
 * with search, create / edit (parent, category, code, name, manager) and
 * delete with the spec's confirmation.
 */
export default function OrganizePage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<OrganizeFormTarget | null>(null);
  const list = useQuery({
    queryKey: ['permission', 'organize', keyword],
    queryFn: async () => toOrgRows((await organizeApi.list(keyword)).data.list),
  });
  const rows = useMemo(() => list.data ?? [], [list.data]);
  // First two levels open; a search opens every match.
  const tree = useOrgTreeExpansion(rows, () => keysWithChildren(rows, keyword ? Infinity : 1));
  const remove = useDeleteRow(
    look,
    (row: OrgRow) => organizeApi.remove(row.id),
    () => refreshPermissionData(client),
  );

  const columns: ColumnsType<OrgRow> = [
    { title: t('org.fullName'), dataIndex: 'fullName', render: (_, r) => <OrgNameCell row={r} type={r.category} /> },
    { title: t('org.enCode'), dataIndex: 'enCode', width: 200 },
    {
      title: t('org.category'),
      dataIndex: 'category',
      width: 110,
      render: (v: string) => (v === 'company' ? <Tag color="blue">{t('org.company')}</Tag> : <Tag color="cyan">{t('org.department')}</Tag>),
    },
    { title: t('common.status'), dataIndex: 'enabledMark', width: 90, render: (v: number) => <StatusTag enabled={v === 1} /> },
    { title: t('common.sortCode'), dataIndex: 'sortCode', width: 80 },
    actionsColumn<OrgRow>(look, t('common.actions'), 210, (r) => ({
      actions: [
        {
          key: 'addChild',
          label: t('org.addChild'),
          code: BUTTON_CODES.add,
          onClick: () => setEditing({ id: null, parentId: r.id, category: 'department' }),
        },
        { key: 'edit', onClick: () => setEditing({ id: r.id }) },
        { key: 'delete', onClick: () => remove(r) },
      ],
    })),
  ];

  return (
    <ListPage<OrgRow>
      look={look}
      testId="page-organize"
      search={{ onSearch: setKeyword }}
      toolbar={
        <Auth code={BUTTON_CODES.add}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ id: null, parentId: TOP_NODE_ID, category: 'company' })}
          >
            {t('common.add')}
          </Button>
        </Auth>
      }
      tools={tree.tools}
      onRefresh={() => void list.refetch()}
      table={{ loading: list.isFetching, dataSource: rows, columns, pagination: false, expandable: tree.expandable }}
      actionCodes={['btn_add', 'btn_edit', 'btn_remove']}
      flexibleWidth={260}
    >
      <OrganizeForm target={editing} onClose={() => setEditing(null)} onSaved={() => refreshPermissionData(client)} />
    </ListPage>
  );
}
