import { useEffect, useMemo, useReducer, useRef, useState, type Key, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Empty, Input, Modal, Spin, Tabs, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { CloseOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { instantTree } from '../../tree/instantTree.ts';
import {
  ancestorKeys,
  closedPicker,
  initialExpanded,
  isPickable,
  nodeKey,
  pickerReducer,
  withChildren,
  type PickNode,
  type PickRules,
} from './selection.ts';
import type { TreeSource } from './sources.ts';
import { NodeIcon } from './NodeIcon.tsx';
import { NS } from './messages.ts';
import './pickers.css';

export interface PickerTab {
  key: string;
  label: string;
  /** The part of the tree this tab shows. */
  select: (roots: PickNode[]) => PickNode[];
}

export interface PickerDialogProps {
  open: boolean;
  title: string;
  /** Default 800 px (spec §9). */
  width?: number;
  rules: PickRules;
  source: TreeSource;
  tabs?: PickerTab[];
  /** The field's current choice, copied in when the dialog opens. */
  initial: PickNode[];
  onConfirm: (items: PickNode[]) => void;
  onCancel: () => void;
  /** Confirm with nothing chosen: ignored unless given (the approver picker warns). */
  onEmptyConfirm?: () => void;
}

/** Tree height: the tree is virtual, so only the visible rows are in the page. */
const TREE_HEIGHT = 360;

interface Indexed {
  data: DataNode[];
  byKey: Map<string, PickNode>;
  loaded: string[];
}

function index(roots: PickNode[], lazy: boolean): Indexed {
  const byKey = new Map<string, PickNode>();
  const loaded: string[] = [];
  const convert = (nodes: PickNode[]): DataNode[] =>
    nodes.map((n) => {
      const key = nodeKey(n);
      byKey.set(key, n);
      if (n.children) loaded.push(key);
      return {
        key,
        title: n.fullName,
        isLeaf: lazy ? !!n.isLeaf : !n.children?.length,
        disabled: !!n.disabled,
        icon: <NodeIcon node={n} />,
        ...(n.children?.length ? { children: convert(n.children) } : {}),
      };
    });
  return { data: convert(roots), byKey, loaded };
}

/**
 * The two-pane picker dialog (spec §2.6): a search tree on the left, the
 * 'selected' list with 'clear list' on the right, cancel and confirm below.
 * Enter confirms, Esc cancels; the tree is virtual and loads lazily.
 */
export function PickerDialog({
  open,
  title,
  width = 800,
  rules,
  source,
  tabs,
  initial,
  onConfirm,
  onCancel,
  onEmptyConfirm,
}: PickerDialogProps) {
  const { t } = useTranslation(NS);
  const [state, dispatch] = useReducer(pickerReducer, closedPicker);
  const [keyword, setKeyword] = useState('');
  const [searched, setSearched] = useState('');
  const [tab, setTab] = useState(tabs?.[0]?.key ?? '');
  // The tree opens where the current choice sits.
  const initialIds = useMemo(() => initial.map((n) => n.id), [initial]);

  // Opening copies the field's value in; confirming or cancelling hands the result out.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) {
      dispatch({ type: 'open', selected: initial });
      setKeyword('');
      setSearched('');
    }
    wasOpen.current = open;
  }, [open, initial]);
  useEffect(() => {
    if (state.phase === 'confirmed') {
      onConfirm(state.selected);
      dispatch({ type: 'close' });
    } else if (state.phase === 'cancelled') {
      onCancel();
      dispatch({ type: 'close' });
    }
  }, [state, onConfirm, onCancel]);

  const query = useQuery({
    queryKey: ['orgPicker', ...source.key, searched],
    queryFn: () => source.load(searched),
    enabled: open,
    staleTime: 30_000,
  });

  // Lazily loaded children live on top of the query's tree until it changes.
  const [grown, setGrown] = useState<{ base: PickNode[] | undefined; tree: PickNode[] }>({ base: undefined, tree: [] });
  const baseTree = query.data;
  const tree = useMemo(() => (grown.base === baseTree ? grown.tree : (baseTree ?? [])), [grown, baseTree]);
  const shown = useMemo(() => {
    const active = tabs?.find((x) => x.key === tab) ?? tabs?.[0];
    return active ? active.select(tree) : tree;
  }, [tabs, tab, tree]);
  const indexed = useMemo(() => index(shown, !!source.children && !searched), [shown, source.children, searched]);

  // Search results open fully; otherwise the first level shows its loaded children.
  const [expanded, setExpanded] = useState<{ for: unknown; keys: Key[] }>({ for: null, keys: [] });
  const expandedKeys =
    expanded.for === baseTree ? expanded.keys : [...new Set([...initialExpanded(tree, !!searched), ...ancestorKeys(tree, initialIds)])];

  const loadData = source.children
    ? async (treeNode: { key: Key }) => {
        const key = String(treeNode.key);
        const node = indexed.byKey.get(key);
        if (!node || node.children) return;
        const kids = await source.children!(node).catch(() => [] as PickNode[]);
        setGrown((g) => ({ base: baseTree, tree: withChildren(g.base === baseTree ? g.tree : (baseTree ?? []), key, kids) }));
      }
    : undefined;

  const choose = (key: string) => {
    const node = indexed.byKey.get(key);
    if (!node) return;
    if (isPickable(node, rules)) {
      dispatch({ type: 'pick', node, rules });
    } else if (!node.isLeaf) {
      // A grouping node (company above departments, an organisation above its users) opens instead.
      const keys = expandedKeys.includes(key) ? expandedKeys.filter((k) => k !== key) : [...expandedKeys, key];
      setExpanded({ for: baseTree, keys });
    }
  };

  const confirm = () => {
    if (!state.selected.length) {
      onEmptyConfirm?.();
      return;
    }
    dispatch({ type: 'confirm' });
  };

  // Enter confirms (Ctrl+Enter from anywhere; plain Enter outside the search box and the tree, where Enter searches or picks).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    const target = e.target as HTMLElement;
    const inside = target.tagName === 'INPUT' || target.tagName === 'BUTTON' || !!target.closest('.ant-tree');
    if (e.ctrlKey || e.metaKey || !inside) {
      e.preventDefault();
      confirm();
    }
  };

  const selectedIds = new Set(state.selected.map((s) => s.id));
  let body: ReactNode;
  if (query.isLoading) body = <Spin className="ma-picker-spin" />;
  else if (!indexed.data.length) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('picker.noData')} />;
  else
    body = (
      <Tree
        blockNode
        showIcon
        height={TREE_HEIGHT}
        virtual
        {...instantTree}
        treeData={indexed.data}
        expandedKeys={expandedKeys}
        onExpand={(keys) => setExpanded({ for: baseTree, keys })}
        loadData={loadData}
        loadedKeys={loadData ? indexed.loaded : undefined}
        selectedKeys={[]}
        onSelect={(_, info) => choose(String(info.node.key))}
        titleRender={(n) => {
          const node = indexed.byKey.get(String(n.key));
          const chosen = node && selectedIds.has(node.id);
          return (
            <span className={`ma-picker-node${chosen ? ' is-chosen' : ''}`} data-id={node?.id} data-type={node?.type}>
              <span className="ma-picker-node-name">{n.title as ReactNode}</span>
              {searched && node?.type === 'user' && node.organize ? <span className="ma-picker-node-path">{node.organize}</span> : null}
            </span>
          );
        }}
      />
    );

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={() => dispatch({ type: 'cancel' })}
      destroyOnHidden
      className="ma-picker-dialog"
      footer={[
        <Button key="cancel" onClick={() => dispatch({ type: 'cancel' })}>
          {t('picker.cancel')}
        </Button>,
        <Button key="ok" type="primary" onClick={confirm} disabled={!state.selected.length && !onEmptyConfirm} data-testid="picker-confirm">
          {t('picker.confirm')}
        </Button>,
      ]}
    >
      <div className="ma-picker" onKeyDown={onKeyDown}>
        <div className="ma-picker-pane ma-picker-left">
          <Input.Search
            allowClear
            placeholder={t('picker.search')}
            value={keyword}
            onChange={(e) => {
              setKeyword(e.target.value);
              if (!e.target.value) setSearched('');
            }}
            onSearch={(v) => setSearched(v.trim())}
            autoFocus
          />
          {tabs && tabs.length > 1 ? (
            <Tabs size="small" activeKey={tab} onChange={setTab} items={tabs.map((x) => ({ key: x.key, label: x.label }))} />
          ) : null}
          <div className="ma-picker-tree">{body}</div>
        </div>
        <div className="ma-picker-pane ma-picker-right">
          <div className="ma-picker-right-head">
            <span>
              {t('picker.selected')} ({state.selected.length})
            </span>
            <button type="button" className="ma-link-btn" onClick={() => dispatch({ type: 'clear' })} disabled={!state.selected.length}>
              {t('picker.clearList')}
            </button>
          </div>
          <ul className="ma-picker-selected" aria-label={t('picker.selected')}>
            {state.selected.length === 0 ? <li className="ma-picker-empty">{t('picker.nothingSelected')}</li> : null}
            {state.selected.map((n) => (
              <li key={n.id} data-id={n.id}>
                <NodeIcon node={n} />
                <span className="ma-picker-selected-text">
                  <span className="ma-picker-node-name">{n.fullName}</span>
                  {n.organize && n.organize !== n.fullName ? <span className="ma-picker-node-path">{n.organize}</span> : null}
                </span>
                <button
                  type="button"
                  className="ma-picker-remove"
                  aria-label={`${t('picker.remove')} ${n.fullName}`}
                  onClick={() => dispatch({ type: 'unpick', id: n.id })}
                >
                  <CloseOutlined />
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Modal>
  );
}
