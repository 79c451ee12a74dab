import { useState, type Key } from 'react';
import { Button, Space, Tooltip } from 'antd';
import type { TableProps } from 'antd';
import { ColumnHeightOutlined, VerticalAlignMiddleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OrganizeNode } from '@medalliance/contract';
import { NodeIcon } from '../../../components/pickers/org/NodeIcon.tsx';
import { NS } from '../messages.ts';

/** An organisation as a tree-table row. */
export interface OrgRow extends Omit<OrganizeNode, 'children'> {
  children?: OrgRow[];
}

/** Table rows: leaves carry no children array, so they show no expand icon. */
export function toOrgRows(nodes: readonly OrganizeNode[]): OrgRow[] {
  return nodes.map(({ children, ...n }) => (children?.length ? { ...n, children: toOrgRows(children as unknown as OrganizeNode[]) } : n));
}

/** Ids of the rows with children, down to `depth` levels. */
export function keysWithChildren(rows: OrgRow[], depth = Infinity, level = 0): string[] {
  if (level >= depth) return [];
  return rows.flatMap((r) => (r.children?.length ? [r.id, ...keysWithChildren(r.children, depth, level + 1)] : []));
}

/** The name cell: the node's icon before its name. */
export function OrgNameCell({ row, type }: { row: OrgRow; type: string }) {
  return (
    <Space size={6}>
      <NodeIcon node={{ id: row.id, fullName: row.fullName, type }} />
      <span>{row.fullName}</span>
    </Space>
  );
}

/**
 * Which rows of an organisation tree table are open: `initial` for fresh rows
 * (a new search or load), then what the user opened, expanded or folded, until
 * the rows change again. Gives the table's `expandable` and the expand / fold
 * all buttons.
 */
export function useOrgTreeExpansion(rows: OrgRow[], initial: () => Key[]) {
  const { t } = useTranslation(NS);
  const [expanded, setExpanded] = useState<{ for: unknown; keys: Key[] }>({ for: null, keys: [] });
  const expandedRowKeys = expanded.for === rows ? expanded.keys : initial();
  const expandable: TableProps<OrgRow>['expandable'] = {
    expandedRowKeys,
    onExpandedRowsChange: (keys) => setExpanded({ for: rows, keys: [...keys] }),
  };
  const tools = (
    <>
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
    </>
  );
  return { expandable, tools };
}
