import { useEffect, useMemo, useState } from 'react';
import { Button, Empty, Modal, Spin, Tree, type TreeDataNode } from 'antd';
import { CloseOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AreaNode } from '@medalliance/contract';
import { areaApi } from '../../../api/system.ts';
import { instantTree } from '../../tree/instantTree.ts';
import {
  ADDRESS_ROOT,
  addChoice,
  canPick,
  DEFAULT_ADDRESS_DEPTH,
  isLeafAt,
  joinNames,
  removeChoice,
  toValue,
  valuePaths,
  type AddressChoice,
} from './addressRules.ts';
import { NS } from './messages.ts';
import { PickerInput } from './PickerInput.tsx';

export interface AddressSelectProps {
  /** Single mode: the id path (province first). Multiple mode: a list of id paths. */
  value?: string[] | string[][];
  onChange?: (value: string[] | string[][], selection: { ids: string[]; fullName: string }[]) => void;
  /** 0-based depth that is picked: 0 province, 1 city, 2 district (default), 3 township, 4 village. */
  depth?: number;
  multiple?: boolean;
  disabled?: boolean;
  clearable?: boolean;
  placeholder?: string;
  title?: string;
  id?: string;
}

interface Loaded {
  node: AreaNode;
  depth: number;
  ids: string[];
  names: string[];
}

const WIDTH = 800;

/**
 * The address picker (spec §2.6 'province, city, district'): a lazily loaded
 * tree beside the 'selected' list. Only a node at the chosen depth is picked.
 * The field shows the name path joined by '/'; names of a stored value are
 * resolved by id (GetAreaByIds).
 */
export function AddressSelect({ value, onChange, depth = DEFAULT_ADDRESS_DEPTH, multiple = false, disabled, clearable = true, placeholder, title, id }: AddressSelectProps) {
  const { t } = useTranslation(NS);
  const paths = useMemo(() => valuePaths(value, multiple), [value, multiple]);
  const pathsKey = JSON.stringify(paths);
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<AddressChoice[]>([]);
  const [known, setKnown] = useState<Map<string, string[]>>(new Map());

  // Labels of a value set from outside: resolve the names by id.
  const names = useQuery({
    queryKey: ['pickers', 'areaNames', pathsKey],
    queryFn: async () => (await areaApi.namesByIds(paths, { silent: true })).data,
    enabled: paths.length > 0 && paths.some((p) => !known.has(p.join(','))),
    staleTime: 5 * 60_000,
  });
  const labelOfPath = (p: string[], i: number) => known.get(p.join(',')) ?? names.data?.[i] ?? [];
  const text = paths.map((p, i) => joinNames(labelOfPath(p, i))).filter(Boolean).join('; ');

  const openDialog = () => {
    // Opening copies the current value into the choice.
    setSelected(paths.map((p, i) => ({ ids: p, names: labelOfPath(p, i) })));
    setOpen(true);
  };

  const emit = (choices: AddressChoice[]) => {
    setKnown((prev) => {
      const next = new Map(prev);
      for (const c of choices) next.set(c.ids.join(','), c.names);
      return next;
    });
    onChange?.(toValue(choices, multiple), choices.map((c) => ({ ids: [...c.ids], fullName: joinNames(c.names) })));
  };

  return (
    <>
      <PickerInput
        id={id}
        text={text}
        placeholder={placeholder}
        disabled={disabled}
        clearable={clearable}
        onOpen={openDialog}
        onClear={() => emit([])}
        suffix={<EnvironmentOutlined className="ma-picker-arrow" onClick={() => !disabled && openDialog()} />}
        testId="ma-address-select"
      />
      {open && (
        <AddressDialog
          title={title ?? t('picker.address')}
          depth={depth}
          multiple={multiple}
          selected={selected}
          onSelected={setSelected}
          onCancel={() => setOpen(false)}
          onConfirm={() => {
            if (!selected.length) return;
            emit(selected);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

interface DialogProps {
  title: string;
  depth: number;
  multiple: boolean;
  selected: AddressChoice[];
  onSelected: (next: AddressChoice[]) => void;
  onCancel: () => void;
  onConfirm: () => void;
}

function AddressDialog({ title, depth, multiple, selected, onSelected, onCancel, onConfirm }: DialogProps) {
  const { t } = useTranslation(NS);
  const [nodes, setNodes] = useState<Map<string, Loaded>>(new Map());
  const [childrenOf, setChildrenOf] = useState<Map<string, string[]>>(new Map());
  const [loadingRoot, setLoadingRoot] = useState(true);
  const [expanded, setExpanded] = useState<string[]>([]);

  const load = async (parent: Loaded | null) => {
    const parentId = parent?.node.id ?? ADDRESS_ROOT;
    try {
      const res = await areaApi.children(parentId, { enabledOnly: true });
      const d = parent ? parent.depth + 1 : 0;
      const list = res.data.list.map((n) => ({ node: n, depth: d, ids: [...(parent?.ids ?? []), n.id], names: [...(parent?.names ?? []), n.fullName] }));
      setNodes((prev) => {
        const next = new Map(prev);
        for (const l of list) next.set(l.node.id, l);
        return next;
      });
      setChildrenOf((prev) => new Map(prev).set(parentId, list.map((l) => l.node.id)));
    } catch {
      /* spec §8: list load errors only stop the loading indicator */
      setChildrenOf((prev) => new Map(prev).set(parentId, []));
    }
  };

  useEffect(() => {
    // Loaded once per opening.
    void load(null).finally(() => setLoadingRoot(false));
  }, []);

  const build = (parentId: string): TreeDataNode[] =>
    (childrenOf.get(parentId) ?? []).map((id) => {
      const l = nodes.get(id)!;
      const leaf = isLeafAt(l.depth, depth, l.node.isLeaf);
      const pickable = canPick(l.depth, depth);
      return {
        key: id,
        title: <span className={pickable ? undefined : 'ma-picker-disabled-node'}>{l.node.fullName}</span>,
        isLeaf: leaf,
        children: leaf ? undefined : childrenOf.has(id) ? build(id) : undefined,
      };
    });
  const treeData = build(ADDRESS_ROOT);
  const levelName = t(`picker.level${Math.min(4, Math.max(0, depth))}`);

  const pick = (id: string) => {
    const l = nodes.get(id);
    if (!l) return;
    if (!canPick(l.depth, depth)) {
      // A node above the chosen depth opens instead.
      if (!isLeafAt(l.depth, depth, l.node.isLeaf)) setExpanded((e) => (e.includes(id) ? e.filter((k) => k !== id) : [...e, id]));
      return;
    }
    onSelected(addChoice(selected, { ids: l.ids, names: l.names }, multiple));
  };

  return (
    <Modal
      open
      title={title}
      width={WIDTH}
      onCancel={onCancel}
      destroyOnHidden
      mask={{ closable: false }}
      className="ma-address-dialog"
      footer={
        <>
          <Button onClick={onCancel}>{t('picker.cancel')}</Button>
          <Button type="primary" disabled={!selected.length} onClick={onConfirm} data-testid="ma-address-confirm">
            {t('picker.confirm')}
          </Button>
        </>
      }
    >
      <div className="ma-picker-panes">
        <div className="ma-picker-pane">
          <div className="ma-picker-pane-head">
            <span className="ma-picker-hint">{t('picker.addressHint', { level: depth + 1, name: levelName })}</span>
          </div>
          <div className="ma-picker-pane-body" data-testid="ma-address-tree">
            {loadingRoot ? (
              <div style={{ textAlign: 'center', padding: 24 }}>
                <Spin />
              </div>
            ) : treeData.length ? (
              <Tree
                blockNode
                {...instantTree}
                treeData={treeData}
                expandedKeys={expanded}
                onExpand={(keys) => setExpanded(keys.map(String))}
                loadData={async (n) => {
                  const l = nodes.get(String(n.key));
                  if (l && !childrenOf.has(l.node.id)) await load(l);
                }}
                selectedKeys={[]}
                onSelect={(_, info) => pick(String(info.node.key))}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('picker.noData')} />
            )}
          </div>
        </div>
        <div className="ma-picker-pane">
          <div className="ma-picker-pane-head">
            <span>
              {t('picker.selected')} ({selected.length})
            </span>
            <Button type="link" size="small" disabled={!selected.length} onClick={() => onSelected([])}>
              {t('picker.clearList')}
            </Button>
          </div>
          <div className="ma-picker-pane-body" data-testid="ma-address-selected">
            {selected.length ? (
              selected.map((s, i) => (
                <div className="ma-picker-selected-item" key={s.ids.join(',')}>
                  <span>{joinNames(s.names) || s.ids.join('/')}</span>
                  <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('picker.clear')} onClick={() => onSelected(removeChoice(selected, i))} />
                </div>
              ))
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('picker.noData')} />
            )}
          </div>
        </div>
      </div>
    </Modal>
  );
}
