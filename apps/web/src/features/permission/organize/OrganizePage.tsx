import { useMemo, useState, type Key } from 'react';
import { Button, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ColumnHeightOutlined, PlusOutlined, ReloadOutlined, VerticalAlignMiddleOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOP_NODE_ID, type OrganizeNode } from '@medalliance/contract';
import { organizeApi } from '../../../api/permission.ts';
import { toast } from '../../../app/feedback.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { NodeIcon } from '../../../components/pickers/org/NodeIcon.tsx';
import { NS } from '../messages.ts';
import { SearchBar } from '../shared/SearchBar.tsx';
import { StatusTag } from '../shared/StatusTag.tsx';
import { refreshPermissionData } from '../shared/refresh.ts';
import { useConfirm } from '../shared/useConfirm.ts';
import { OrganizeForm, type OrganizeFormTarget } from './OrganizeForm.tsx';
import { scrollWidth } from '../shared/columns.ts';
import { useActionColumn } from '../shared/useActionColumn.ts';
import '../permission.css';

interface Row extends Omit<OrganizeNode, 'children'> {
  children?: Row[];
}

/** Table rows: leaves carry no children array, so they show no expand icon. */
function toRows(nodes: readonly OrganizeNode[]): Row[] {
  return nodes.map(({ children, ...n }) => (children?.length ? { ...n, children: toRows(children as unknown as OrganizeNode[]) } : n));
}

function keysWithChildren(rows: Row[], depth = Infinity, level = 0): string[] {
  if (level >= depth) return [];
  return rows.flatMap((r) => (r.children?.length ? [r.id, ...keysWithChildren(r.children, depth, level + 1)] : []));
}

/**
 * Organizations (spec §7.4): companies and departments in one tree table,
 * with search, create / edit (parent, category, code, name, manager) and
 * delete with the spec's confirmation.
 */
export default function OrganizePage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const confirm = useConfirm();
  const withActions = useActionColumn(['btn_add', 'btn_edit', 'btn_remove']);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<OrganizeFormTarget | null>(null);
  const list = useQuery({
    queryKey: ['permission', 'organize', keyword],
    queryFn: async () => toRows((await organizeApi.list(keyword)).data.list),
  });
  const rows = useMemo(() => list.data ?? [], [list.data]);
  // First two levels open; a search opens every match.
  const [expanded, setExpanded] = useState<{ for: unknown; keys: Key[] }>({ for: null, keys: [] });
  const expandedKeys = expanded.for === rows ? expanded.keys : keysWithChildren(rows, keyword ? Infinity : 1);

  const remove = (row: Row) =>
    confirm(t('common.deleteConfirm'), async () => {
      await organizeApi.remove(row.id);
      toast.success(t('common.deleted'));
      refreshPermissionData(client);
    });

  const columns: ColumnsType<Row> = [
    {
      title: t('org.fullName'),
      dataIndex: 'fullName',
      render: (_, r) => (
        <Space size={6}>
          <NodeIcon node={{ id: r.id, fullName: r.fullName, type: r.category }} />
          <span>{r.fullName}</span>
        </Space>
      ),
    },
    { title: t('org.enCode'), dataIndex: 'enCode', width: 200 },
    {
      title: t('org.category'),
      dataIndex: 'category',
      width: 110,
      render: (v: string) => (v === 'company' ? <Tag color="blue">{t('org.company')}</Tag> : <Tag color="cyan">{t('org.department')}</Tag>),
    },
    { title: t('common.status'), dataIndex: 'enabledMark', width: 90, render: (v: number) => <StatusTag enabled={v === 1} /> },
    { title: t('common.sortCode'), dataIndex: 'sortCode', width: 80 },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 210,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Auth code={BUTTON_CODES.add}>
            <Button type="link" size="small" onClick={() => setEditing({ id: null, parentId: r.id, category: 'department' })}>
              {t('org.addChild')}
            </Button>
          </Auth>
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
    <div className="ma-page ma-perm-page" data-testid="page-organize">
      <div className="ma-perm-main">
        <SearchBar onSearch={setKeyword} />
        <div className="ma-perm-toolbar">
          <Space>
            <Auth code={BUTTON_CODES.add}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ id: null, parentId: TOP_NODE_ID, category: 'company' })}
              >
                {t('common.add')}
              </Button>
            </Auth>
          </Space>
          <Space size={4}>
            <Tooltip title={t('common.expandAll')}>
              <Button
                type="text"
                icon={<ColumnHeightOutlined />}
                aria-label={t('common.expandAll')}
                onClick={() => setExpanded({ for: rows, keys: keysWithChildren(rows) })}
              />
            </Tooltip>
            <Tooltip title={t('common.foldAll')}>
              <Button
                type="text"
                icon={<VerticalAlignMiddleOutlined />}
                aria-label={t('common.foldAll')}
                onClick={() => setExpanded({ for: rows, keys: [] })}
              />
            </Tooltip>
            <Tooltip title={t('common.refresh')}>
              <Button type="text" icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={() => void list.refetch()} />
            </Tooltip>
          </Space>
        </div>
        <Table<Row>
          className="ma-perm-table"
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={rows}
          columns={withActions(columns)}
          pagination={false}
          scroll={{ x: scrollWidth(withActions(columns), 260) }}
          expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: (keys) => setExpanded({ for: rows, keys: [...keys] }) }}
          locale={{ emptyText: t('common.noData') }}
        />
      </div>
      <OrganizeForm target={editing} onClose={() => setEditing(null)} onSaved={() => refreshPermissionData(client)} />
    </div>
  );
}
