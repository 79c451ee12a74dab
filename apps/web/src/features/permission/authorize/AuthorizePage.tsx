import { useMemo, useRef, useState, type Key } from 'react';
import { App, Badge, Button, Empty, Segmented, Space, Spin, Tabs, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { SaveOutlined, SettingOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GrantObjectType } from '@medalliance/contract';
import { authorizeApi, type AuthNode } from '../../../api/permission.ts';
import { toast } from '../../../app/feedback.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { PositionSelect } from '../../../components/pickers/org/PositionSelect.tsx';
import { RoleSelect } from '../../../components/pickers/org/RoleSelect.tsx';
import { UserSelect } from '../../../components/pickers/org/UserSelect.tsx';
import type { PickNode } from '../../../components/pickers/org/selection.ts';
import { instantTree } from '../../../components/tree/instantTree.ts';
import { NS } from '../messages.ts';
import { useElementHeight } from '../shared/useElementHeight.ts';
import { SchemeDrawer } from './SchemeDrawer.tsx';
import {
  chosenMenus,
  initialChecked,
  leafKeys,
  parentKeys,
  pruneToMenus,
  sameChecked,
  saveBody,
  TIERS,
  type Checked,
  type Tier,
} from './tiers.ts';
import '../permission.css';

interface Chosen {
  type: GrantObjectType;
  id: string;
  name: string;
}

function toTreeData(list: AuthNode[]): DataNode[] {
  return list.map((n) => ({
    key: n.id,
    title: (
      <span>
        {n.fullName}
        {n.enCode && n.type !== 'module' && n.type !== 'system' ? <span className="ma-auth-node-code">{n.enCode}</span> : null}
      </span>
    ),
    ...(n.children?.length ? { children: toTreeData(n.children) } : { isLeaf: true }),
  }));
}

/** One tier: a check tree with check all, deselect all, expand all and fold all. */
function TierTree({
  list,
  checked,
  onChange,
  hint,
  openAll,
}: {
  list: AuthNode[];
  checked: string[];
  onChange: (keys: string[]) => void;
  hint?: string;
  /** Open every level at first (the item tiers, already narrowed to the chosen menus). */
  openAll?: boolean;
}) {
  const { t } = useTranslation(NS);
  const box = useRef<HTMLDivElement>(null);
  const height = useElementHeight(box, 420);
  const data = useMemo(() => toTreeData(list), [list]);
  const leaves = useMemo(() => leafKeys(list), [list]);
  const [expanded, setExpanded] = useState<{ for: unknown; keys: Key[] }>({ for: null, keys: [] });
  // Applications and top menus open at first.
  const expandedKeys =
    expanded.for === list
      ? expanded.keys
      : openAll
        ? parentKeys(list)
        : list.flatMap((n) => [n.id, ...(n.children ?? []).filter((c) => c.children?.length).map((c) => c.id)]);
  const visible = new Set(leaves);
  const count = checked.filter((k) => visible.has(k)).length;
  return (
    <div>
      <div className="ma-auth-tier-bar">
        <Space wrap size={4}>
          <Button size="small" onClick={() => onChange(Array.from(new Set([...checked, ...leaves])))} disabled={!leaves.length}>
            {t('auth.checkAll')}
          </Button>
          <Button size="small" onClick={() => onChange(checked.filter((k) => !visible.has(k)))} disabled={!count}>
            {t('auth.uncheckAll')}
          </Button>
          <Button size="small" onClick={() => setExpanded({ for: list, keys: parentKeys(list) })}>
            {t('common.expandAll')}
          </Button>
          <Button size="small" onClick={() => setExpanded({ for: list, keys: [] })}>
            {t('common.foldAll')}
          </Button>
        </Space>
        <Space size={12}>
          {hint ? <Typography.Text type="secondary">{hint}</Typography.Text> : null}
          <Badge count={t('auth.count', { count })} color="#409eff" />
        </Space>
      </div>
      <div className="ma-auth-tree" ref={box} style={{ height: 'calc(100vh - 340px)', minHeight: 320 }}>
        {data.length ? (
          <Tree
            checkable
            selectable={false}
            blockNode
            virtual
            {...instantTree}
            height={height - 16}
            treeData={data}
            checkedKeys={checked.filter((k) => visible.has(k))}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpanded({ for: list, keys })}
            onCheck={(keys) => {
              const next = (Array.isArray(keys) ? keys : keys.checked).map(String).filter((k) => visible.has(k));
              // Keys of this tier not shown now (other menus) stay as they were.
              onChange([...checked.filter((k) => !visible.has(k)), ...next]);
            }}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />
        )}
      </div>
    </div>
  );
}

/**
 * Authorization (spec §6): choose a role, position or user, then grant the
 * tiers application, menu, button, list column, form field and data scheme;
 * saving replaces the object's grants. The data tier links to the scheme editor.
 */
export default function AuthorizePage() {
  const { t } = useTranslation(NS);
  const { modal } = App.useApp();
  const client = useQueryClient();
  const [type, setType] = useState<GrantObjectType>('Role');
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [tier, setTier] = useState<Tier>('module');
  const [edits, setEdits] = useState<{ for: unknown; checked: Checked } | null>(null);
  const [schemesOpen, setSchemesOpen] = useState(false);

  const model = useQuery({
    queryKey: ['permission', 'authorize', chosen?.type, chosen?.id],
    queryFn: async () => (await authorizeApi.model(chosen!.id, chosen!.type)).data,
    enabled: !!chosen,
    staleTime: 0,
  });
  const initial = useMemo(() => (model.data ? initialChecked(model.data) : null), [model.data]);
  const checked = edits && edits.for === model.data ? edits.checked : initial;
  const dirty = !!(checked && initial && !sameChecked(checked, initial));

  const setTierChecked = (tierName: Tier, keys: string[]) => {
    if (!checked) return;
    setEdits({ for: model.data, checked: { ...checked, [tierName]: keys } });
  };

  const save = useMutation({
    mutationFn: () => authorizeApi.save(chosen!.id, saveBody(model.data!, checked!, chosen!.type)),
    onSuccess: async () => {
      toast.success(t('auth.saved'));
      setEdits(null);
      await client.invalidateQueries({ queryKey: ['permission', 'authorize'] });
    },
  });

  // Leaving unsaved changes asks first.
  const guard = (go: () => void) => {
    if (!dirty) return go();
    modal.confirm({
      title: t('common.tip'),
      content: t('auth.discardConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => {
        setEdits(null);
        go();
      },
    });
  };

  const pick = (value: string | string[], items: PickNode[]) => {
    const id = Array.isArray(value) ? value[0] : value;
    guard(() => setChosen(id ? { type, id, name: items[0]?.fullName ?? id } : null));
  };
  const pickerProps = { value: chosen?.type === type ? chosen.id : '', onChange: pick, style: { width: 300 } };

  // The item tiers show only the chosen menus; kept stable while the menus stay the same (tree state hangs on it).
  const menusKey = model.data && checked ? [...chosenMenus(model.data, checked)].sort().join(',') : '';
  const lists = useMemo(() => {
    const out = {} as Record<Tier, AuthNode[]>;
    if (!model.data) return null;
    const menus = new Set(menusKey ? menusKey.split(',') : []);
    for (const name of TIERS)
      out[name] = name === 'system' || name === 'module' ? model.data[name].list : pruneToMenus(model.data[name].list, menus);
    return out;
  }, [model.data, menusKey]);
  const tierList = (name: Tier): AuthNode[] => lists?.[name] ?? [];

  const labels: Record<Tier, string> = {
    system: t('auth.tier.system'),
    module: t('auth.tier.module'),
    button: t('auth.tier.button'),
    column: t('auth.tier.column'),
    form: t('auth.tier.form'),
    resource: t('auth.tier.resource'),
  };

  let body;
  if (!chosen) body = <Empty className="ma-auth-empty" description={t('auth.chooseFirst')} />;
  else if (model.isLoading || !checked)
    body = model.isLoading ? <Spin className="ma-picker-spin" /> : <Empty className="ma-auth-empty" description={t('common.noData')} />;
  else
    body = (
      <Tabs
        activeKey={tier}
        onChange={(k) => setTier(k as Tier)}
        tabBarExtraContent={
          tier === 'resource' ? (
            <Auth code={BUTTON_CODES.edit}>
              <Button size="small" icon={<SettingOutlined />} onClick={() => setSchemesOpen(true)}>
                {t('auth.schemes')}
              </Button>
            </Auth>
          ) : null
        }
        items={TIERS.map((name) => ({
          key: name,
          label: labels[name],
          children:
            tier === name ? (
              <TierTree
                list={tierList(name)}
                checked={checked[name]}
                onChange={(keys) => setTierChecked(name, keys)}
                hint={name !== 'system' && name !== 'module' ? t('auth.tierHint') : undefined}
                openAll={name !== 'system' && name !== 'module'}
              />
            ) : null,
        }))}
      />
    );

  return (
    <div className="ma-page ma-perm-page" data-testid="page-authorize">
      <div className="ma-perm-main">
        <div className="ma-perm-toolbar">
          <div className="ma-auth-head">
            <Segmented<GrantObjectType>
              value={type}
              onChange={(v) => setType(v)}
              options={[
                { value: 'Role', label: t('auth.objectRole') },
                { value: 'Position', label: t('auth.objectPosition') },
                { value: 'User', label: t('auth.objectUser') },
              ]}
            />
            {type === 'Role' ? (
              <RoleSelect
                {...pickerProps}
                title={t('auth.selectRole')}
                placeholder={t('auth.selectRole')}
                allowClear={false}
                aria-label={t('auth.selectRole')}
              />
            ) : type === 'Position' ? (
              <PositionSelect
                {...pickerProps}
                title={t('auth.selectPosition')}
                placeholder={t('auth.selectPosition')}
                allowClear={false}
                aria-label={t('auth.selectPosition')}
              />
            ) : (
              <UserSelect
                {...pickerProps}
                title={t('auth.selectUser')}
                placeholder={t('auth.selectUser')}
                allowClear={false}
                aria-label={t('auth.selectUser')}
              />
            )}
            {dirty ? <Typography.Text type="warning">{t('auth.unsaved')}</Typography.Text> : null}
          </div>
          <Auth code={BUTTON_CODES.edit}>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              disabled={!chosen || !checked || !dirty}
              loading={save.isPending}
              onClick={() => save.mutate()}
            >
              {t('auth.save')}
            </Button>
          </Auth>
        </div>
        {body}
      </div>
      <SchemeDrawer
        open={schemesOpen}
        onClose={() => setSchemesOpen(false)}
        menus={model.data?.module.list ?? []}
        onChanged={() => void model.refetch()}
      />
    </div>
  );
}
