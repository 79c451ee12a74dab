import { useMemo } from 'react';
import { closestCenter, DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { HolderOutlined } from '@ant-design/icons';
import { Checkbox, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIST_PAGE_SIZES, MATCH_TYPES, type ListColumn, type ListDefinition, type MatchType } from '@medalliance/contract';
import type { DesignDoc } from './history.ts';
import { columnCandidates, searchCandidates, syncColumns } from './listFields.ts';
import { NS } from './messages.ts';
import type { DesignApi } from './useDesign.ts';

const TOOLBAR = ['add', 'export', 'import', 'batchRemove', 'batchPrint'] as const;
const ROW = ['edit', 'remove', 'detail'] as const;
const PERMISSIONS = ['useColumnPermission', 'useFormPermission', 'useButtonPermission', 'useDataPermission'] as const;
/** One options object (useSensor memoizes on it): a new one per render would re-render every sortable column. */
const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };

/** The list tab: columns from the form's fields (drag to reorder), search, sort, paging, style, buttons, permissions. */
export function ListDesigner({ doc, api }: { doc: DesignDoc; api: DesignApi }) {
  const { t } = useTranslation(NS);
  const list = doc.list;
  const columns = useMemo(() => syncColumns(list, doc.form.fields), [list, doc.form.fields]);
  const searchable = useMemo(() => searchCandidates(doc.form.fields), [doc.form.fields]);
  const mainFields = useMemo(() => columnCandidates(doc.form.fields).filter((c) => !c.key.includes('.')), [doc.form.fields]);
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS));
  const set = (patch: Partial<ListDefinition>, group: string | null = null) =>
    api.apply((d) => ({ ...d, list: { ...d.list, ...patch } }), group);
  const setCol = (field: string, patch: Partial<ListColumn>) =>
    set({ columns: columns.map((c) => (c.field === field ? { ...c, ...patch } : c)) }, `col:${field}:${Object.keys(patch)[0]}`);
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = columns.findIndex((c) => c.field === e.active.id);
    const to = columns.findIndex((c) => c.field === e.over!.id);
    if (from >= 0 && to >= 0) set({ columns: arrayMove(columns, from, to) });
  };
  const fieldOptions = mainFields.map((c) => ({ value: c.key, label: `${c.label} (${c.key})` }));

  return (
    <div className="lcd-list" data-testid="lcd-list-designer">
      <div className="lcd-list-section">{t('columns')}</div>
      <div className="lcd-list-row lcd-list-head">
        <span />
        <span>{t('col')}</span>
        <span>{t('colVisible')}</span>
        <span>{t('colWidth')}</span>
        <span>{t('colFixed')}</span>
        <span>{t('colSortable')}</span>
        <span>{t('colAlign')}</span>
        <span>{t('colFormat')}</span>
      </div>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={columns.map((c) => c.field)} strategy={verticalListSortingStrategy}>
          {columns.map((c) => (
            <ColumnRow key={c.field} column={c} onChange={(p) => setCol(c.field, p)} />
          ))}
        </SortableContext>
      </DndContext>

      <Form layout="vertical" size="small" style={{ maxWidth: 760 }}>
        <div className="lcd-list-section">{t('searchFields')}</div>
        {searchable.map((c) => {
          const current = list.search.find((s) => s.field === c.key);
          return (
            <div key={c.key} className="lcd-props-row">
              <Checkbox
                checked={!!current}
                style={{ width: 240 }}
                onChange={(e) =>
                  set({
                    search: e.target.checked
                      ? [
                          ...list.search,
                          { field: c.key, match: c.field.type === 'input' || c.field.type === 'textarea' ? 'contains' : 'equal' },
                        ]
                      : list.search.filter((s) => s.field !== c.key),
                  })
                }
              >
                {c.label} ({c.key})
              </Checkbox>
              {current && (
                <Select
                  size="small"
                  style={{ width: 120 }}
                  aria-label={t('matchType')}
                  value={current.match}
                  onChange={(m: MatchType) => set({ search: list.search.map((s) => (s.field === c.key ? { ...s, match: m } : s)) })}
                  options={MATCH_TYPES.map((m) => ({ value: m, label: t(`match.${m}`) }))}
                />
              )}
            </div>
          );
        })}

        <div className="lcd-list-section">{t('defaultSort')}</div>
        <div className="lcd-props-row">
          <Select
            allowClear
            style={{ width: 240 }}
            value={list.defaultSort?.field}
            onChange={(v?: string) => set({ defaultSort: v ? { field: v, order: list.defaultSort?.order ?? 'desc' } : undefined })}
            options={fieldOptions}
          />
          <Radio.Group
            disabled={!list.defaultSort}
            value={list.defaultSort?.order ?? 'desc'}
            onChange={(e) => list.defaultSort && set({ defaultSort: { ...list.defaultSort, order: e.target.value as 'asc' | 'desc' } })}
            options={(['asc', 'desc'] as const).map((o) => ({ value: o, label: t(`order.${o}`) }))}
          />
        </div>

        <div className="lcd-list-section">{t('listPageSize')}</div>
        <div className="lcd-props-row">
          <Switch checked={list.hasPage} onChange={(v) => set({ hasPage: v })} aria-label={t('hasPage')} />
          <Radio.Group
            value={list.pageSize}
            onChange={(e) => set({ pageSize: e.target.value as ListDefinition['pageSize'] })}
            options={LIST_PAGE_SIZES.map((n) => ({ value: n, label: String(n) }))}
          />
        </div>

        <div className="lcd-list-section">{t('listStyle')}</div>
        <Radio.Group
          value={list.style}
          onChange={(e) => set({ style: e.target.value as ListDefinition['style'] })}
          options={([1, 2, 3, 4, 5] as const).map((s) => ({ value: s, label: t(`style.${s}`) }))}
        />
        {list.style === 2 && (
          <div style={{ marginTop: 8 }}>
            <Form.Item label={t('treeSource')}>
              <Select
                value={list.tree?.source}
                onChange={(source: NonNullable<ListDefinition['tree']>['source']) =>
                  set({ tree: { relationField: '', ...list.tree, source } })
                }
                options={(['dictionary', 'organize', 'department', 'interface'] as const).map((s) => ({ value: s, label: t(`tree.${s}`) }))}
              />
            </Form.Item>
            {list.tree?.source === 'dictionary' && (
              <Form.Item label={t('dictionaryType')}>
                <Input
                  value={list.tree.dictionaryType ?? ''}
                  onChange={(e) => set({ tree: { ...list.tree!, dictionaryType: e.target.value } }, 'treeDict')}
                />
              </Form.Item>
            )}
            {list.tree?.source === 'interface' && (
              <Form.Item label={t('dataInterface')}>
                <Input
                  value={list.tree.interfaceId ?? ''}
                  onChange={(e) => set({ tree: { ...list.tree!, interfaceId: e.target.value } }, 'treeIf')}
                />
              </Form.Item>
            )}
            <Form.Item label={t('treeTitle')}>
              <Input
                value={list.tree?.title ?? ''}
                maxLength={100}
                onChange={(e) => list.tree && set({ tree: { ...list.tree, title: e.target.value } }, 'treeTitle')}
              />
            </Form.Item>
            <Form.Item label={t('treeField')}>
              <Select
                value={list.tree?.relationField || undefined}
                onChange={(v: string) => list.tree && set({ tree: { ...list.tree, relationField: v } })}
                options={fieldOptions}
              />
            </Form.Item>
          </div>
        )}
        {list.style === 3 && (
          <Form.Item label={t('groupField')} style={{ marginTop: 8 }}>
            <Select value={list.groupField} onChange={(v: string) => set({ groupField: v })} options={fieldOptions} />
          </Form.Item>
        )}
        {list.style === 5 && (
          <Form.Item label={t('parentField')} style={{ marginTop: 8 }}>
            <Select value={list.parentField} onChange={(v: string) => set({ parentField: v })} options={fieldOptions} />
          </Form.Item>
        )}

        <div className="lcd-list-section">{t('toolbarButtons')}</div>
        <Checkbox.Group
          value={list.buttons}
          onChange={(v) => set({ buttons: v as ListDefinition['buttons'] })}
          options={TOOLBAR.map((b) => ({ value: b, label: t(`btn.${b}`) }))}
        />
        <div className="lcd-list-section">{t('rowButtons')}</div>
        <Checkbox.Group
          value={list.rowButtons}
          onChange={(v) => set({ rowButtons: v as ListDefinition['rowButtons'] })}
          options={ROW.map((b) => ({ value: b, label: t(`btn.${b}`) }))}
        />
        <div className="lcd-list-section">{t('permissions')}</div>
        {PERMISSIONS.map((p) => (
          <div key={p} className="lcd-props-row">
            <Switch size="small" checked={list[p]} onChange={(v) => set({ [p]: v })} />
            <span>{t(p)}</span>
          </div>
        ))}
      </Form>
    </div>
  );
}

function ColumnRow({ column, onChange }: { column: ListColumn; onChange: (p: Partial<ListColumn>) => void }) {
  const { t } = useTranslation(NS);
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id: column.field });
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className="lcd-list-row"
      data-testid="lcd-list-column"
    >
      <span className="lcd-handle" title={t('dragToSort')} {...attributes} {...listeners}>
        <HolderOutlined />
      </span>
      <span>
        {column.label} <span className="lcd-props-hint">{column.field}</span>
      </span>
      <Checkbox checked={column.visible !== false} onChange={(e) => onChange({ visible: e.target.checked })} aria-label={t('colVisible')} />
      <InputNumber size="small" min={40} max={2000} value={column.width ?? null} onChange={(v) => onChange({ width: v ?? undefined })} />
      <Select
        size="small"
        value={column.fixed ?? 'none'}
        onChange={(v: string) => onChange({ fixed: v === 'none' ? undefined : (v as 'left' | 'right') })}
        options={(['none', 'left', 'right'] as const).map((f) => ({ value: f, label: t(`fixed.${f}`) }))}
      />
      <Checkbox
        checked={!!column.sortable}
        onChange={(e) => onChange({ sortable: e.target.checked || undefined })}
        aria-label={t('colSortable')}
      />
      <Select
        size="small"
        value={column.align ?? 'left'}
        onChange={(v: 'left' | 'center' | 'right') => onChange({ align: v })}
        options={(['left', 'center', 'right'] as const).map((a) => ({ value: a, label: t(`align.${a}`) }))}
      />
      <Input size="small" value={column.format ?? ''} maxLength={40} onChange={(e) => onChange({ format: e.target.value || undefined })} />
    </div>
  );
}
