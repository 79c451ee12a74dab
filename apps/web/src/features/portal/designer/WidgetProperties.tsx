import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Button, Checkbox, Form, Input, InputNumber, Select, Switch, TreeSelect } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PORTAL_CHART_KINDS, isInterfaceWidget, type InterfaceWidget, type PortalWidget } from '@medalliance/contract';
import { portalApi } from '../../../api/portal.ts';
import { dataInterfaceApi, type InterfaceSelectorNode } from '../../../api/system.ts';
import type { NavItem } from '../../../app/router/menuRoutes.ts';
import { useTitle } from '../../../app/shell/useNavActions.ts';
import { useUser } from '../../../app/stores/userStore.ts';
import { NS } from '../messages.ts';

const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

type Patch = (patch: Partial<PortalWidget>) => void;

/** Interfaces by category; only interfaces (not their categories) can be chosen. */
function interfaceTree(nodes: InterfaceSelectorNode[]): unknown[] {
  return nodes.map((n) => ({
    value: n.id,
    title: n.fullName,
    selectable: n.dataType !== undefined,
    children: n.children ? interfaceTree(n.children) : undefined,
  }));
}

/** The columns the chosen interface answers (its first row through the designer's preview). */
function useFields(widget: InterfaceWidget): string[] {
  const q = useQuery({
    queryKey: ['portal', 'fields', widget.interfaceId, widget.params],
    queryFn: async () =>
      (
        await portalApi.previewData({
          id: 'fields',
          type: 'figure',
          title: '',
          refresh: 0,
          interfaceId: widget.interfaceId,
          params: widget.params,
          valueField: 'value',
          unit: '',
        })
      ).data,
    enabled: !!widget.interfaceId,
    retry: false,
  });
  return useMemo(() => Object.keys(q.data?.rows[0] ?? {}), [q.data]);
}

function FieldInput({ value, fields, onChange, label }: { value: string; fields: string[]; onChange: (v: string) => void; label: string }) {
  return (
    <AutoComplete
      value={value}
      aria-label={label}
      placeholder={label}
      options={fields.map((f) => ({ value: f }))}
      onChange={(v: string) => onChange(v.trim())}
      filterOption={(input, opt) =>
        String(opt?.value ?? '')
          .toLowerCase()
          .includes(input.toLowerCase())
      }
    />
  );
}

function SourceProps({ widget, set }: { widget: InterfaceWidget; set: Patch }) {
  const { t } = useTranslation(NS);
  const interfaces = useQuery({
    queryKey: ['portal', 'interfaces'],
    queryFn: async () => (await dataInterfaceApi.selector()).data,
    staleTime: 60_000,
  });
  const fields = useFields(widget);
  const params = widget.params;
  const setParam = (i: number, p: Partial<(typeof params)[number]>) =>
    set({ params: params.map((x, j) => (j === i ? { ...x, ...p } : x)) });
  const list = <T,>(items: T[], i: number, p: Partial<T>) => items.map((x, j) => (j === i ? { ...x, ...p } : x));
  return (
    <>
      <Form.Item label={t('prop.source')} required>
        <TreeSelect
          showSearch
          treeNodeFilterProp="title"
          value={widget.interfaceId || undefined}
          placeholder={t('prop.sourcePick')}
          onChange={(v: string) => set({ interfaceId: v })}
          treeData={interfaceTree(interfaces.data ?? []) as never}
          data-testid="ma-portal-prop-source"
        />
      </Form.Item>
      {fields.length ? <p className="ma-portal-hint">{t('prop.fieldsHint', { fields: fields.join(', ') })}</p> : null}
      <Form.Item label={t('prop.params')}>
        {params.map((p, i) => (
          <div key={i} className="ma-portal-prop-row">
            <Input placeholder={t('prop.paramField')} value={p.field} onChange={(e) => setParam(i, { field: e.target.value.trim() })} />
            <Input placeholder={t('prop.paramValue')} value={p.value} onChange={(e) => setParam(i, { value: e.target.value })} />
            <Button
              type="text"
              icon={<DeleteOutlined />}
              aria-label={t('designer.remove')}
              onClick={() => set({ params: params.filter((_, j) => j !== i) })}
            />
          </div>
        ))}
        <Button size="small" icon={<PlusOutlined />} onClick={() => set({ params: [...params, { field: '', value: '' }] })}>
          {t('prop.addParam')}
        </Button>
      </Form.Item>
      {widget.type === 'figure' && (
        <>
          <Form.Item label={t('prop.valueField')} required>
            <FieldInput value={widget.valueField} fields={fields} label={t('prop.valueField')} onChange={(v) => set({ valueField: v })} />
          </Form.Item>
          <Form.Item label={t('prop.previousField')}>
            <FieldInput
              value={widget.previousField ?? ''}
              fields={fields}
              label={t('prop.previousField')}
              onChange={(v) => set({ previousField: v || undefined })}
            />
          </Form.Item>
          <Form.Item label={t('prop.unit')}>
            <Input value={widget.unit} maxLength={10} onChange={(e) => set({ unit: e.target.value })} />
          </Form.Item>
        </>
      )}
      {widget.type === 'chart' && (
        <>
          <Form.Item label={t('prop.kind')}>
            <Select
              value={widget.kind}
              onChange={(kind) => set({ kind })}
              options={PORTAL_CHART_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('prop.categoryField')} required>
            <FieldInput value={widget.category} fields={fields} label={t('prop.categoryField')} onChange={(v) => set({ category: v })} />
          </Form.Item>
          <Form.Item label={t('prop.series')} required>
            {widget.series.map((s, i) => (
              <div key={i} className="ma-portal-prop-row">
                <FieldInput
                  value={s.field}
                  fields={fields}
                  label={t('prop.seriesField')}
                  onChange={(v) => set({ series: list(widget.series, i, { field: v }) })}
                />
                <Input
                  placeholder={t('prop.seriesName')}
                  value={s.name}
                  onChange={(e) => set({ series: list(widget.series, i, { name: e.target.value }) })}
                />
                {widget.kind === 'barLine' && (
                  <Checkbox
                    checked={!!s.asLine}
                    onChange={(e) => set({ series: list(widget.series, i, { asLine: e.target.checked || undefined }) })}
                  >
                    {t('prop.asLine')}
                  </Checkbox>
                )}
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('designer.remove')}
                  onClick={() => set({ series: widget.series.filter((_, j) => j !== i) })}
                />
              </div>
            ))}
            <Button
              size="small"
              icon={<PlusOutlined />}
              disabled={widget.series.length >= 8}
              onClick={() => set({ series: [...widget.series, { field: '', name: '' }] })}
            >
              {t('prop.addSeries')}
            </Button>
          </Form.Item>
        </>
      )}
      {widget.type === 'table' && (
        <>
          <Form.Item label={t('prop.columns')} required>
            {widget.columns.map((c, i) => (
              <div key={i} className="ma-portal-prop-row">
                <FieldInput
                  value={c.field}
                  fields={fields}
                  label={t('prop.columnField')}
                  onChange={(v) => set({ columns: list(widget.columns, i, { field: v }) })}
                />
                <Input
                  placeholder={t('prop.columnTitle')}
                  value={c.title}
                  onChange={(e) => set({ columns: list(widget.columns, i, { title: e.target.value }) })}
                />
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('designer.remove')}
                  onClick={() => set({ columns: widget.columns.filter((_, j) => j !== i) })}
                />
              </div>
            ))}
            <Button
              size="small"
              icon={<PlusOutlined />}
              disabled={widget.columns.length >= 12}
              onClick={() => set({ columns: [...widget.columns, { field: '', title: '' }] })}
            >
              {t('prop.addColumn')}
            </Button>
          </Form.Item>
          <Form.Item label={t('prop.limit')}>
            <InputNumber min={1} max={50} value={widget.limit} onChange={(v) => set({ limit: v ?? 8 })} />
          </Form.Item>
        </>
      )}
    </>
  );
}

/** Menus as a tree; only entries that open something can be picked. */
function menuTree(items: readonly NavItem[], title: (i: NavItem) => string): unknown[] {
  return items.map((i) => ({
    value: i.id,
    title: title(i),
    selectable: !!(i.to || i.href),
    children: i.children ? menuTree(i.children, title) : undefined,
  }));
}

/** The properties of the selected widget: title and refresh for all, then its own settings. */
export function WidgetProperties({ widget, set }: { widget: PortalWidget; set: Patch }) {
  const { t } = useTranslation(NS);
  const nav = useUser((s) => s.routeTable.nav);
  const title = useTitle();
  const menus = useMemo(() => menuTree(nav, title), [nav, title]);
  return (
    <Form layout="vertical" size="small" className="ma-portal-props" data-testid="ma-portal-props" data-widget-id={widget.id}>
      <Form.Item label={t('prop.title')}>
        <Input
          value={widget.title}
          maxLength={50}
          placeholder={t(`type.${widget.type}`)}
          onChange={(e) => set({ title: e.target.value })}
          data-testid="ma-portal-prop-title"
        />
      </Form.Item>
      <Form.Item label={t('prop.refresh')} extra={t('prop.refreshHint')}>
        <InputNumber min={0} max={86_400} step={10} value={widget.refresh} onChange={(v) => set({ refresh: v ?? 0 })} />
      </Form.Item>
      {isInterfaceWidget(widget) && <SourceProps widget={widget} set={set} />}
      {(widget.type === 'todo' || widget.type === 'notice') && (
        <Form.Item label={t('prop.limit')}>
          <InputNumber min={1} max={20} value={widget.limit} onChange={(v) => set({ limit: v ?? 6 })} />
        </Form.Item>
      )}
      {widget.type === 'shortcuts' && (
        <Form.Item label={t('prop.menus')}>
          <TreeSelect
            multiple
            treeCheckable={false}
            showSearch
            treeNodeFilterProp="title"
            value={widget.menuIds}
            onChange={(menuIds: string[]) => set({ menuIds })}
            treeData={menus as never}
          />
        </Form.Item>
      )}
      {widget.type === 'richText' && (
        <Form.Item label={t('prop.html')}>
          <Suspense fallback={<Input.TextArea rows={6} disabled />}>
            <RichTextEditor value={widget.html} onChange={(html) => set({ html })} />
          </Suspense>
        </Form.Item>
      )}
      {widget.type === 'links' && (
        <Form.Item label={t('prop.links')}>
          {widget.links.map((l, i) => (
            <div key={i} className="ma-portal-prop-row">
              <Input
                placeholder={t('prop.linkTitle')}
                value={l.title}
                onChange={(e) => set({ links: widget.links.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)) })}
              />
              <Input
                placeholder={t('prop.linkUrl')}
                value={l.url}
                onChange={(e) => set({ links: widget.links.map((x, j) => (j === i ? { ...x, url: e.target.value.trim() } : x)) })}
              />
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('designer.remove')}
                onClick={() => set({ links: widget.links.filter((_, j) => j !== i) })}
              />
            </div>
          ))}
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={widget.links.length >= 20}
            onClick={() => set({ links: [...widget.links, { title: '', url: '' }] })}
          >
            {t('prop.addLink')}
          </Button>
        </Form.Item>
      )}
      {widget.type === 'clock' && (
        <Form.Item label={t('prop.showCalendar')}>
          <Switch checked={widget.showCalendar} onChange={(showCalendar) => set({ showCalendar })} />
        </Form.Item>
      )}
    </Form>
  );
}
