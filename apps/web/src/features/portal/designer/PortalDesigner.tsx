import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Form, Input, InputNumber, Modal, Space, Spin, Switch } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import ReactGridLayout, { useContainerWidth, verticalCompactor, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { useTranslation } from 'react-i18next';
import { EMPTY_PORTAL, PORTAL_COLS, PORTAL_ROW_HEIGHT, type PortalDefinition, type PortalWidget } from '@medalliance/contract';
import { portalApi, type PortalForm } from '../../../api/portal.ts';
import { toast } from '../../../app/feedback.ts';
import { NS } from '../messages.ts';
import { PortalGrid } from '../view/PortalGrid.tsx';
import { WidgetView } from '../widgets/WidgetView.tsx';
import { addWidget, firstProblem, PALETTE } from './defaults.ts';
import { WidgetProperties } from './WidgetProperties.tsx';
import '../portal.css';
import './designer.css';

type Basics = Omit<PortalForm, 'formData'>;
const EMPTY_BASICS: Basics = { fullName: '', enCode: '', category: '', description: null, sortCode: 0, enabledMark: 1 };

interface Props {
  /** The portal to edit; null designs a new one. */
  id: string | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Loads the portal, then hands it to the editor. */
export default function PortalDesigner({ id, onClose, onSaved }: Props) {
  const info = useQuery({
    queryKey: ['portal', 'design', id],
    queryFn: async () => (await portalApi.get(id!)).data,
    enabled: !!id,
    gcTime: 0,
  });
  if (id && !info.data) return <Spin fullscreen />;
  const { formData, ...basics } = info.data ?? { ...EMPTY_BASICS, formData: EMPTY_PORTAL };
  return <Editor id={id} initial={{ basics, def: formData }} onClose={onClose} onSaved={onSaved} />;
}

function Editor({ id, initial, onClose, onSaved }: Props & { initial: { basics: Basics; def: PortalDefinition } }) {
  const { t } = useTranslation(NS);
  const [basics, setBasics] = useState<Basics>(initial.basics);
  const [def, setDef] = useState<PortalDefinition>(initial.def);
  const [selected, setSelected] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [savedId, setSavedId] = useState(id);
  const [preview, setPreview] = useState(false);

  const change = useCallback((next: (d: PortalDefinition) => PortalDefinition) => {
    setDef(next);
    setDirty(true);
  }, []);
  const setBasic = (patch: Partial<Basics>) => {
    setBasics((b) => ({ ...b, ...patch }));
    setDirty(true);
  };
  const widget = def.widgets.find((w) => w.id === selected) ?? null;
  const patchWidget = (patch: Partial<PortalWidget>) =>
    change((d) => ({ ...d, widgets: d.widgets.map((w) => (w.id === selected ? ({ ...w, ...patch } as PortalWidget) : w)) }));
  const remove = (wid: string) => {
    change((d) => ({ layout: d.layout.filter((g) => g.i !== wid), widgets: d.widgets.filter((w) => w.id !== wid) }));
    setSelected(null);
  };
  const onLayout = (layout: Layout) => {
    const next = layout.map((g) => ({ i: g.i, x: g.x, y: g.y, w: g.w, h: g.h }));
    const same =
      next.length === def.layout.length &&
      next.every((g) => def.layout.some((o) => o.i === g.i && o.x === g.x && o.y === g.y && o.w === g.w && o.h === g.h));
    if (!same) change((d) => ({ ...d, layout: next }));
  };
  const gridLayout = useMemo(() => def.layout.map((g) => ({ ...g, minW: 1, minH: 2 })), [def.layout]);

  const save = async () => {
    const problem = firstProblem(def);
    if (problem) {
      const w = def.widgets.find((x) => x.id === problem.widgetId);
      if (w) setSelected(w.id);
      toast.error(t('designer.invalid', { name: w ? w.title || t(`type.${w.type}`) : problem.message }));
      return;
    }
    setSaving(true);
    try {
      const form: PortalForm = { ...basics, formData: def };
      if (savedId) await portalApi.update(savedId, form);
      else setSavedId((await portalApi.create(form)).data.id);
      toast.success(t('designer.saved'));
      setDirty(false);
      onSaved();
    } finally {
      setSaving(false);
    }
  };
  const close = () => {
    if (!dirty) return onClose();
    Modal.confirm({ title: t('designer.leave'), onOk: onClose });
  };

  return (
    <Modal
      open
      width="100vw"
      style={{ top: 0, maxWidth: '100vw', padding: 0, paddingBottom: 0 }}
      // Edge to edge and exactly the window's height: antd 6 pads the container, which made the dialog scroll.
      styles={{ body: { height: '100vh', padding: 0 }, container: { padding: 0, borderRadius: 0 }, wrapper: { overflow: 'hidden' } }}
      title={null}
      footer={null}
      closable={false}
      onCancel={close}
      destroyOnHidden
      keyboard={false}
    >
      <div className="ma-portal-designer" data-testid="ma-portal-designer">
        <header className="ma-portal-designer-bar">
          <strong>{savedId ? t('designer.title') : t('designer.newTitle')}</strong>
          <Form layout="inline" size="small" className="ma-portal-basics">
            <Form.Item label={t('name')} required>
              <Input
                value={basics.fullName}
                maxLength={50}
                onChange={(e) => setBasic({ fullName: e.target.value })}
                data-testid="ma-portal-name"
              />
            </Form.Item>
            <Form.Item label={t('code')} required>
              <Input
                value={basics.enCode}
                maxLength={50}
                onChange={(e) => setBasic({ enCode: e.target.value.trim() })}
                data-testid="ma-portal-code"
              />
            </Form.Item>
            <Form.Item label={t('category')}>
              <Input
                value={basics.category}
                maxLength={50}
                onChange={(e) => setBasic({ category: e.target.value })}
                style={{ width: 110 }}
              />
            </Form.Item>
            <Form.Item label={t('sortCode')}>
              <InputNumber
                min={0}
                max={999_999}
                value={basics.sortCode}
                onChange={(v) => setBasic({ sortCode: v ?? 0 })}
                style={{ width: 70 }}
              />
            </Form.Item>
            <Form.Item label={t('enabled')}>
              <Switch checked={basics.enabledMark === 1} onChange={(on) => setBasic({ enabledMark: on ? 1 : 0 })} />
            </Form.Item>
          </Form>
          <Space>
            <Button icon={<EyeOutlined />} onClick={() => setPreview(true)} data-testid="ma-portal-preview">
              {t('preview')}
            </Button>
            <Button type="primary" loading={saving} onClick={() => void save()} data-testid="ma-portal-save">
              {t('designer.save')}
            </Button>
            <Button onClick={close} data-testid="ma-portal-close">
              {t('designer.close')}
            </Button>
          </Space>
        </header>
        <div className="ma-portal-designer-body">
          <aside className="ma-portal-palette" aria-label={t('designer.palette')}>
            <h4>{t('designer.palette')}</h4>
            {PALETTE.map((p) => (
              <Button
                key={p.type}
                block
                onClick={() => {
                  const { def: next, id: wid } = addWidget(def, p.type);
                  change(() => next);
                  setSelected(wid);
                }}
                data-testid={`ma-portal-add-${p.type}`}
              >
                {t(`type.${p.type}`)}
              </Button>
            ))}
          </aside>
          <DesignCanvas def={def} gridLayout={gridLayout} selected={selected} onSelect={setSelected} onLayout={onLayout} />
          <aside className="ma-portal-properties" aria-label={t('designer.properties')}>
            <h4>
              {t('designer.properties')}
              {widget ? (
                <Button
                  type="text"
                  danger
                  size="small"
                  icon={<DeleteOutlined />}
                  onClick={() => remove(widget.id)}
                  data-testid="ma-portal-remove"
                >
                  {t('designer.remove')}
                </Button>
              ) : null}
            </h4>
            {widget ? (
              <WidgetProperties key={widget.id} widget={widget} set={patchWidget} />
            ) : (
              <p className="ma-portal-hint">{t('designer.noSelection')}</p>
            )}
          </aside>
        </div>
      </div>
      {preview && (
        <Modal open width="90vw" title={basics.fullName || t('preview')} footer={null} onCancel={() => setPreview(false)} destroyOnHidden>
          <div className="ma-portal-preview" data-testid="ma-portal-preview-body">
            <PortalGrid definition={def} portalId={null} />
          </div>
        </Modal>
      )}
    </Modal>
  );
}

interface CanvasProps {
  def: PortalDefinition;
  gridLayout: Layout;
  selected: string | null;
  onSelect: (id: string | null) => void;
  onLayout: (layout: Layout) => void;
}

/**
 * The grid (drag by a widget's header, resize by its corner). Its own component:
 * the width is measured once its element exists, which inside a modal is only
 * after the modal's content has mounted.
 */
function DesignCanvas({ def, gridLayout, selected, onSelect, onLayout }: CanvasProps) {
  const { t } = useTranslation(NS);
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  return (
    <main className="ma-portal-canvas" ref={containerRef} onClick={() => onSelect(null)}>
      {!def.widgets.length ? <Empty className="ma-portal-canvas-empty" description={t('designer.empty')} /> : null}
      {mounted && (
        <ReactGridLayout
          width={width}
          layout={gridLayout}
          gridConfig={{ cols: PORTAL_COLS, rowHeight: PORTAL_ROW_HEIGHT, margin: [12, 12], containerPadding: [12, 12] }}
          dragConfig={{ enabled: true, handle: '.ma-portal-widget-head' }}
          resizeConfig={{ enabled: true }}
          compactor={verticalCompactor}
          onLayoutChange={onLayout}
        >
          {def.widgets.map((w) => (
            <div
              key={w.id}
              className={`ma-portal-design-item${w.id === selected ? ' is-selected' : ''}`}
              data-testid={`ma-portal-item-${w.id}`}
              onClick={(e) => {
                e.stopPropagation();
                onSelect(w.id);
              }}
            >
              <WidgetView widget={w} portalId={null} />
            </div>
          ))}
        </ReactGridLayout>
      )}
    </main>
  );
}
