import { useEffect, useMemo, useRef, useState, type Key } from 'react';
import { Empty, Input, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NodeIcon } from '../../../components/pickers/org/NodeIcon.tsx';
import { initialExpanded, nodeKey, withChildren, type PickNode } from '../../../components/pickers/org/selection.ts';
import { organizeSource, type TreeSource } from '../../../components/pickers/org/sources.ts';
import { instantTree } from '../../../components/tree/instantTree.ts';
import { NS } from '../messages.ts';
import { useElementHeight } from './useElementHeight.ts';

interface OrgSideTreeProps {
  /** The chosen organisation, or null for all. */
  value: string | null;
  onChange: (id: string | null, node: PickNode | null) => void;
  title: string;
  /** Another tree (companies only …); the whole organisation tree, level by level, by default. */
  source?: TreeSource;
  /** Choose the first root once loaded (screens that need a choice). */
  autoSelectFirst?: boolean;
}

/**
 * The organisation tree beside a list (users, positions, departments): a
 * virtual tree that loads children as they open, with keyword search on the
 * server; clicking the chosen node again shows everything.
 */
export function OrgSideTree({ value, onChange, title, source, autoSelectFirst }: OrgSideTreeProps) {
  const { t } = useTranslation(NS);
  const src = useMemo(() => source ?? organizeSource(), [source]);
  const [keyword, setKeyword] = useState('');
  const [searched, setSearched] = useState('');
  const box = useRef<HTMLDivElement>(null);
  const height = useElementHeight(box);

  const query = useQuery({
    queryKey: ['permission', 'sideTree', ...src.key, searched],
    queryFn: () => src.load(searched),
    staleTime: 30_000,
  });
  const base = query.data;
  const [grown, setGrown] = useState<{ base: PickNode[] | undefined; tree: PickNode[] }>({ base: undefined, tree: [] });
  const tree = useMemo(() => (grown.base === base ? grown.tree : (base ?? [])), [grown, base]);
  const [expanded, setExpanded] = useState<{ for: unknown; keys: Key[] }>({ for: null, keys: [] });
  const lazy = !!src.children && !searched;
  const expandedKeys = expanded.for === base ? expanded.keys : initialExpanded(tree, !!searched);

  const { data, byKey, loaded } = useMemo(() => {
    const map = new Map<string, PickNode>();
    const done: string[] = [];
    const convert = (nodes: PickNode[]): DataNode[] =>
      nodes.map((n) => {
        map.set(nodeKey(n), n);
        if (n.children) done.push(nodeKey(n));
        return {
          key: nodeKey(n),
          title: n.fullName,
          icon: <NodeIcon node={n} />,
          isLeaf: lazy ? !!n.isLeaf : !n.children?.length,
          ...(n.children?.length ? { children: convert(n.children) } : {}),
        };
      });
    return { data: convert(tree), byKey: map, loaded: done };
  }, [tree, lazy]);

  // Screens that need an organisation take the first one.
  const first = tree[0];
  const autoDone = useRef(false);
  useEffect(() => {
    if (autoSelectFirst && !autoDone.current && first && value === null) {
      autoDone.current = true;
      onChange(first.id, first);
    }
  }, [autoSelectFirst, first, value, onChange]);

  const loadData = src.children
    ? async ({ key }: { key: Key }) => {
        const node = byKey.get(String(key));
        if (!node || node.children) return;
        const kids = await src.children!(node).catch(() => [] as PickNode[]);
        setGrown((g) => ({ base, tree: withChildren(g.base === base ? g.tree : (base ?? []), String(key), kids) }));
      }
    : undefined;

  return (
    <aside className="ma-perm-side" aria-label={title}>
      <div className="ma-perm-side-title">{title}</div>
      <Input.Search
        allowClear
        size="middle"
        placeholder={t('common.keyword')}
        value={keyword}
        onChange={(e) => {
          setKeyword(e.target.value);
          if (!e.target.value) setSearched('');
        }}
        onSearch={(v) => setSearched(v.trim())}
      />
      <div className="ma-perm-side-tree" ref={box}>
        {query.isLoading ? (
          <Spin className="ma-picker-spin" />
        ) : !data.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />
        ) : (
          <Tree
            blockNode
            {...instantTree}
            showIcon
            virtual
            height={height}
            treeData={data}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpanded({ for: base, keys })}
            loadData={loadData}
            loadedKeys={loadData ? loaded : undefined}
            selectedKeys={value ? [value] : []}
            onSelect={(keys, info) => {
              const key = keys[0] ? String(keys[0]) : null;
              onChange(key, key ? (byKey.get(String(info.node.key)) ?? null) : null);
            }}
          />
        )}
      </div>
    </aside>
  );
}
