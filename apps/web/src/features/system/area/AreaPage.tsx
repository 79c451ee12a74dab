import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Input, Segmented, Space, Spin, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AreaNode } from '@medalliance/contract';
import { areaApi } from '../../../api/system.ts';
import { toast } from '../../../app/feedback.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { AddressSelect } from '../../../components/pickers/data/AddressSelect.tsx';
import { StateCell } from '../common/StateCell.tsx';
import { useConfirmDelete } from '../common/useConfirm.ts';
import { NS } from '../messages.ts';
import { AreaFormModal } from './AreaFormModal.tsx';
import { buildRows, childType, type AreaRow, type Level } from './areaRows.ts';
import './messages.ts';
import '../common/system.css';

const ROOT = '-1';
const TYPE_COLORS = ['', 'red', 'orange', 'blue', 'green', 'default'];

/**
 * Administrative areas (spec §7.5): province → city → district → township →
 * village, one level loaded per expand. A keyword searches every level; the
 * address picker jumps to an area at the chosen depth.
 */
export default function AreaPage() {
  const { t } = useTranslation(NS);
  const confirmDelete = useConfirmDelete();
  const [levels, setLevels] = useState<Map<string, Level>>(new Map());
  const [expanded, setExpanded] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [rootLoading, setRootLoading] = useState(true);
  const [modal, setModal] = useState<{
    editing: AreaNode | null;
    parent: { id: string; fullName: string } | null;
    type: number | null;
  } | null>(null);
  const [highlight, setHighlight] = useState<string>();
  const [locateDepth, setLocateDepth] = useState(2);
  const [located, setLocated] = useState<string[]>([]);
  const [busyId, setBusyId] = useState<string>();

  const setLevel = (id: string, level: Level) => setLevels((prev) => new Map(prev).set(id, level));

  const loadLevel = useCallback(async (parentId: string, kw = ''): Promise<AreaNode[]> => {
    if (parentId !== ROOT) setLevels((prev) => (Array.isArray(prev.get(parentId)) ? prev : new Map(prev).set(parentId, 'loading')));
    try {
      const res = await areaApi.children(parentId, { keyword: kw });
      setLevel(parentId, res.data.list);
      return res.data.list;
    } catch {
      setLevels((prev) => {
        const next = new Map(prev);
        if (next.get(parentId) === 'loading') next.delete(parentId);
        return next;
      });
      return [];
    }
  }, []);

  const loadRoot = useCallback(
    async (kw: string) => {
      setRootLoading(true);
      setLevels(new Map());
      setExpanded([]);
      await loadLevel(ROOT, kw);
      setRootLoading(false);
    },
    [loadLevel],
  );

  useEffect(() => {
    void loadRoot(applied);
  }, [applied, loadRoot]);

  const rows = useMemo(() => {
    const root = levels.get(ROOT);
    return buildRows(Array.isArray(root) ? root : [], levels);
  }, [levels]);

  const nameOf = useMemo(() => {
    const map = new Map<string, string>();
    for (const level of levels.values()) if (Array.isArray(level)) for (const n of level) map.set(n.id, n.fullName);
    return map;
  }, [levels]);

  const reload = async (parentIds: string[]) => {
    for (const id of parentIds) {
      if (id === ROOT) await loadLevel(ROOT, applied);
      else if (levels.has(id)) await loadLevel(id);
    }
  };

  const setState = async (row: AreaRow, enabledMark: 0 | 1) => {
    setBusyId(row.id);
    try {
      await areaApi.setState(row.id, enabledMark);
      toast.success(t('stateChanged'));
      setLevels((prev) => {
        const next = new Map(prev);
        for (const [k, level] of next)
          if (Array.isArray(level))
            next.set(
              k,
              level.map((n) => (n.id === row.id ? { ...n, enabledMark } : n)),
            );
        return next;
      });
    } finally {
      setBusyId(undefined);
    }
  };

  const remove = (row: AreaRow) =>
    confirmDelete(async () => {
      await areaApi.remove(row.id);
      toast.success(t('deleted'));
      await reload([row.parentId]);
    });

  /** Opens the tree down to an area chosen in the address picker. */
  const locate = async (ids: string[]) => {
    if (!ids.length) return;
    if (applied) {
      setKeyword('');
      setApplied('');
      return;
    }
    for (const id of ids.slice(0, -1)) {
      if (!Array.isArray(levels.get(id))) await loadLevel(id);
    }
    setExpanded((prev) => [...new Set([...prev, ...ids.slice(0, -1)])]);
    const target = ids[ids.length - 1]!;
    setHighlight(target);
    setTimeout(() => document.querySelector(`[data-row-key="${target}"]`)?.scrollIntoView({ block: 'center', behavior: 'smooth' }), 150);
  };

  const isPlaceholder = (r: AreaRow) => r.placeholder === 'loading';
  const columns: ColumnsType<AreaRow> = [
    {
      title: t('area.name'),
      dataIndex: 'fullName',
      render: (v: string, r) =>
        isPlaceholder(r) ? (
          <Space size={8} className="ma-sys-hint">
            <Spin size="small" />
            {t('loading')}
          </Space>
        ) : (
          v
        ),
    },
    { title: t('area.code'), dataIndex: 'enCode', width: 160, render: (v: string, r) => (isPlaceholder(r) ? null : v) },
    {
      title: t('area.level'),
      dataIndex: 'type',
      width: 120,
      render: (v: number | null, r) => (isPlaceholder(r) || !v ? null : <Tag color={TYPE_COLORS[v]}>{t(`area.type${v}`)}</Tag>),
    },
    { title: t('sortCode'), dataIndex: 'sortCode', width: 80, align: 'center', render: (v: number, r) => (isPlaceholder(r) ? null : v) },
    {
      title: t('status'),
      dataIndex: 'enabledMark',
      width: 100,
      align: 'center',
      render: (v: number, r) =>
        isPlaceholder(r) ? null : <StateCell value={v} loading={busyId === r.id} onChange={(next) => void setState(r, next)} />,
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 200,
      render: (_: unknown, r) =>
        isPlaceholder(r) ? null : (
          <Space size={0}>
            {(r.type ?? 0) < 5 && (
              <Auth code={BUTTON_CODES.add}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setModal({ editing: null, parent: { id: r.id, fullName: r.fullName }, type: childType(r.type) })}
                >
                  {t('area.addChild')}
                </Button>
              </Auth>
            )}
            <Auth code={BUTTON_CODES.edit}>
              <Button
                type="link"
                size="small"
                onClick={() =>
                  setModal({
                    editing: r,
                    parent: r.parentId === ROOT ? null : { id: r.parentId, fullName: nameOf.get(r.parentId) ?? r.parentId },
                    type: r.type,
                  })
                }
              >
                {t('edit')}
              </Button>
            </Auth>
            <Auth code={BUTTON_CODES.remove}>
              <Button type="link" size="small" danger onClick={() => remove(r)}>
                {t('delete')}
              </Button>
            </Auth>
          </Space>
        ),
    },
  ];

  const depthOptions = [0, 1, 2, 3, 4].map((d) => ({ value: d, label: t(`area.type${d + 1}`) }));

  return (
    <div className="ma-page ma-sys-page" data-testid="ma-area-page">
      <section className="ma-sys-main">
        <div className="ma-sys-main-head">
          <div className="ma-sys-filters">
            <Input
              allowClear
              placeholder={t('area.searchHint')}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onPressEnter={() => setApplied(keyword.trim())}
              style={{ width: 240 }}
            />
            <Button type="primary" onClick={() => setApplied(keyword.trim())}>
              {t('search')}
            </Button>
            <Button
              onClick={() => {
                setKeyword('');
                setApplied('');
              }}
            >
              {t('reset')}
            </Button>
          </div>
          <Space wrap>
            <span className="ma-sys-hint">{t('area.locate')}</span>
            <Segmented size="small" options={depthOptions} value={locateDepth} onChange={(v) => setLocateDepth(Number(v))} />
            <div style={{ width: 280 }}>
              <AddressSelect
                depth={locateDepth}
                value={located}
                placeholder={t('area.locatePlaceholder')}
                onChange={(v) => {
                  const ids = v as string[];
                  setLocated(ids);
                  void locate(ids);
                }}
              />
            </div>
            <Auth code={BUTTON_CODES.add}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ editing: null, parent: null, type: 1 })}>
                {t('area.addProvince')}
              </Button>
            </Auth>
            <Tooltip title={t('refresh')}>
              <Button type="text" icon={<ReloadOutlined />} aria-label={t('refresh')} onClick={() => void loadRoot(applied)} />
            </Tooltip>
          </Space>
        </div>
        <div className="ma-sys-main-body">
          {applied && <p className="ma-sys-hint">{t('area.searchResult', { keyword: applied })}</p>}
          <Table<AreaRow>
            rowKey="id"
            size="middle"
            loading={rootLoading}
            dataSource={rows}
            columns={columns}
            pagination={false}
            rowClassName={(r) => (r.id === highlight ? 'ma-sys-row-highlight' : '')}
            expandable={{
              expandedRowKeys: expanded,
              onExpand: (open, r) => {
                setExpanded((prev) => (open ? [...prev, r.id] : prev.filter((k) => k !== r.id)));
                if (open && !levels.has(r.id)) void loadLevel(r.id);
              },
            }}
            data-testid="ma-area-table"
          />
        </div>
      </section>
      {modal && (
        <AreaFormModal
          editing={modal.editing}
          parent={modal.parent}
          defaultType={modal.type}
          onClose={() => setModal(null)}
          onSaved={(parents) => {
            toast.success(modal.editing ? t('updated') : t('created'));
            if (modal.parent && !expanded.includes(modal.parent.id)) setExpanded((e) => [...e, modal.parent!.id]);
            void reload(parents.map((p) => p || ROOT));
          }}
        />
      )}
    </div>
  );
}
