import { useMemo, useState, type Key, type ReactNode } from 'react';
import { Empty, Input, Spin, Tree, type TreeDataNode } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { instantTree } from '../../../components/tree/instantTree.ts';
import { filterTree, parentIds, type Treeish } from '../../../lookups/tree.ts';
import { NS } from '../messages.ts';

export interface SideNode extends Treeish {
  id: string;
  fullName: string;
  children?: SideNode[];
}

interface SideTreeProps<T extends SideNode> {
  title: ReactNode;
  nodes: T[] | undefined;
  loading?: boolean;
  selectedId: string | undefined;
  onSelect: (id: string | undefined, node: T | undefined) => void;
  /** A first node that clears the selection ('all categories'). */
  allLabel?: string;
  /** Extra content per node (counts, action icons). */
  renderExtra?: (node: T) => ReactNode;
  /** Buttons in the header. */
  extra?: ReactNode;
  testId?: string;
}

/**
 * The left-hand tree of the split screens (dictionary types, categories):
 * a filter box, the tree expanded by default, loading and empty states.
 */
export function SideTree<T extends SideNode>({
  title,
  nodes,
  loading,
  selectedId,
  onSelect,
  allLabel,
  renderExtra,
  extra,
  testId,
}: SideTreeProps<T>) {
  const { t } = useTranslation(NS);
  const [filter, setFilter] = useState('');
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const shown = useMemo(() => {
    const kw = filter.trim().toLowerCase();
    return kw
      ? filterTree(
          nodes ?? [],
          (n) =>
            n.fullName.toLowerCase().includes(kw) ||
            String((n as { enCode?: string }).enCode ?? '')
              .toLowerCase()
              .includes(kw),
        )
      : (nodes ?? []);
  }, [nodes, filter]);
  const byId = useMemo(() => {
    const map = new Map<string, T>();
    const walk = (list: SideNode[]) => list.forEach((n) => (map.set(n.id, n as T), walk(n.children ?? [])));
    walk(nodes ?? []);
    return map;
  }, [nodes]);
  const expanded = useMemo(() => parentIds(shown).filter((id) => filter || !collapsed.has(id)), [shown, collapsed, filter]);

  const toData = (list: SideNode[]): TreeDataNode[] =>
    list.map((n) => ({
      key: n.id,
      title: (
        <span className="ma-sys-tree-node" data-id={n.id}>
          <span className="ma-sys-tree-label">{n.fullName}</span>
          {renderExtra?.(n as T)}
        </span>
      ),
      children: n.children?.length ? toData(n.children) : undefined,
      isLeaf: !n.children?.length,
    }));
  const treeData: TreeDataNode[] = allLabel
    ? [
        {
          key: '',
          title: (
            <span className="ma-sys-tree-node">
              <span className="ma-sys-tree-label">{allLabel}</span>
            </span>
          ),
          isLeaf: true,
        },
        ...toData(shown),
      ]
    : toData(shown);

  return (
    <aside className="ma-sys-side" data-testid={testId}>
      <div className="ma-sys-side-head">
        <span className="ma-sys-side-title">{title}</span>
        {extra}
      </div>
      <div className="ma-sys-side-search">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('keyword')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </div>
      <div className="ma-sys-side-body">
        {loading && !nodes ? (
          <div className="ma-sys-center">
            <Spin />
          </div>
        ) : treeData.length ? (
          <Tree
            blockNode
            {...instantTree}
            treeData={treeData}
            expandedKeys={expanded}
            onExpand={(keys: Key[], info) => {
              const id = String(info.node.key);
              setCollapsed((prev) => {
                const next = new Set(prev);
                if (info.expanded) next.delete(id);
                else next.add(id);
                return next;
              });
              void keys;
            }}
            selectedKeys={[selectedId ?? '']}
            onSelect={(keys) => {
              const id = keys.length ? String(keys[0]) : selectedId;
              onSelect(id || undefined, id ? byId.get(id) : undefined);
            }}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />
        )}
      </div>
    </aside>
  );
}
