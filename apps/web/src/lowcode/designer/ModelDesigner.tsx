import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Modal, Space, Spin, Tabs, Tooltip } from 'antd';
import { EyeOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formDefinition, importFormData, listDefinition } from '@medalliance/contract';
import { visualdevApi, type ModelDetail } from '../../api/visualdev.ts';
import { toast } from '../../app/feedback.ts';
import { FormRenderer } from '../renderer/FormRenderer.tsx';
import { FormDesigner } from './FormDesigner.tsx';
import { isDirty, type DesignDoc } from './history.ts';
import { ListDesigner } from './ListDesigner.tsx';
import { listForSave, syncColumns } from './listFields.ts';
import { NS } from './messages.ts';
import { SelectionContext, SelectionStore } from './selection.ts';
import { useDesign, type DesignApi } from './useDesign.ts';
import './messages.ts';
import './designer.css';
import { JsonFileInput } from './JsonFileInput.tsx';

const docOf = (m: ModelDetail): DesignDoc => {
  const form = formDefinition.parse(m.formData ?? { fields: [] });
  const list = listDefinition.parse(m.columnData ?? {});
  return { form, list: { ...list, columns: syncColumns(list, form.fields) } };
};

/** The designer of one model (form and list tabs), full screen over the model list. Save = PUT the draft. */
export default function ModelDesigner({ model, onClose, onSaved }: { model: ModelDetail; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(NS);
  const { modal } = App.useApp();
  const [state, api] = useDesign(useMemo(() => docOf(model), [model]));
  const selection = useMemo(() => new SelectionStore(), []);
  const [tab, setTab] = useState('form');
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const dirty = isDirty(state);
  const doc = state.doc;

  // Ctrl+Z / Ctrl+Y (and Ctrl+Shift+Z), except while typing in a text box (the box's own undo).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const el = e.target as HTMLElement | null;
      if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.isContentEditable)) return;
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) api.undo();
      else if (k === 'y' || (k === 'z' && e.shiftKey)) api.redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [api]);

  const save = async () => {
    setSaving(true);
    try {
      await visualdevApi.update(model.id, {
        fullName: model.fullName,
        enCode: model.enCode,
        category: model.category,
        webType: model.webType as 1 | 2 | 3,
        description: model.description ?? '',
        sortCode: model.sortCode,
        ...(model.boundTable ? { boundTable: model.boundTable } : {}),
        formData: doc.form,
        columnData: listForSave(doc.list, doc.form.fields),
      });
      api.markSaved();
      toast.success(t('saved'));
      onSaved();
    } finally {
      setSaving(false);
    }
  };

  const close = () => {
    if (!dirty) return onClose();
    modal.confirm({ title: t('leaveTitle'), content: t('leaveUnsaved'), okText: t('ok'), cancelText: t('cancel'), onOk: onClose });
  };

  const exportJson = () => {
    const blob = new Blob([JSON.stringify({ formData: doc.form, columnData: listForSave(doc.list, doc.form.fields) }, null, 2)], {
      type: 'application/json',
    });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${model.enCode}-design.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  // Ours or the reference's spelling: a whole model file, or just its formData.
  const importJson = async (file: File) => {
    try {
      const raw = JSON.parse((await file.text()).replace(/^\uFEFF/, '')) as Record<string, unknown>;
      const formRaw = typeof raw.formData === 'string' ? JSON.parse(raw.formData) : (raw.formData ?? raw);
      const { form: imported } = importFormData(formRaw);
      const form = formDefinition.parse(imported);
      const colRaw = typeof raw.columnData === 'string' ? JSON.parse(raw.columnData) : raw.columnData;
      const parsedList = listDefinition.safeParse(colRaw ?? {});
      const list = parsedList.success ? parsedList.data : doc.list;
      api.apply(() => ({ form, list: { ...list, columns: syncColumns(list, form.fields) } }));
      selection.set(null);
      toast.success(t('imported'));
    } catch {
      toast.error(t('importBad'));
    }
  };

  // The toolbar's handlers keep their identity (it is memoized: a field change re-renders only its undo / redo state).
  const latest = useRef({ save, close, exportJson });
  latest.current = { save, close, exportJson };
  const actions = useMemo<ToolbarActions>(
    () => ({
      save: () => void latest.current.save(),
      close: () => latest.current.close(),
      exportJson: () => latest.current.exportJson(),
      importJson: () => fileRef.current?.click(),
      preview: () => setPreview(true),
    }),
    [],
  );

  return (
    <Modal
      open
      width="100vw"
      style={{ top: 0, maxWidth: '100vw', padding: 0, paddingBottom: 0 }}
      className="lcd-modal"
      styles={{ body: { height: '100vh', padding: 0, display: 'flex', flexDirection: 'column' } }}
      title={null}
      footer={null}
      closable={false}
      onCancel={close}
      destroyOnHidden
      keyboard={false}
    >
      <Toolbar
        model={model}
        tab={tab}
        onTab={setTab}
        canUndo={state.past.length > 0}
        canRedo={state.future.length > 0}
        saving={saving}
        api={api}
        actions={actions}
      />
      <JsonFileInput ref={fileRef} onFile={(f) => void importJson(f)} />
      <div style={{ flex: 1, minHeight: 0 }}>
        <SelectionContext.Provider value={selection}>
          {tab === 'form' ? <FormDesigner doc={doc} api={api} /> : <ListDesigner doc={doc} api={api} />}
        </SelectionContext.Provider>
      </div>
      {preview && (
        <Modal
          open
          title={`${t('preview')} - ${model.fullName}`}
          width={doc.form.popupWidth}
          footer={null}
          onCancel={() => setPreview(false)}
        >
          <div data-testid="lcd-preview-dialog">
            <FormRenderer definition={doc.form} mode="edit" />
          </div>
        </Modal>
      )}
    </Modal>
  );
}

interface ToolbarActions {
  save: () => void;
  close: () => void;
  exportJson: () => void;
  importJson: () => void;
  preview: () => void;
}

/** The designer's title, tabs and commands; memoized, its handlers stable. */
const Toolbar = memo(function Toolbar({
  model,
  tab,
  onTab,
  canUndo,
  canRedo,
  saving,
  api,
  actions,
}: {
  model: ModelDetail;
  tab: string;
  onTab: (tab: string) => void;
  canUndo: boolean;
  canRedo: boolean;
  saving: boolean;
  api: DesignApi;
  actions: ToolbarActions;
}) {
  const { t } = useTranslation(NS);
  return (
    <div
      style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '10px 16px', borderBottom: '1px solid #eef0f4' }}
      data-testid="lcd-designer"
    >
      <strong style={{ flex: 'none' }}>
        {model.fullName} <span className="lcd-props-hint">{model.enCode}</span>
      </strong>
      <Tabs
        style={{ flex: 1, marginBottom: -14 }}
        activeKey={tab}
        onChange={onTab}
        centered
        items={[
          { key: 'form', label: t('formTab') },
          { key: 'list', label: t('listTab'), disabled: model.webType === 1 },
        ]}
      />
      <Space>
        <Tooltip title={`${t('undo')} (Ctrl+Z)`}>
          <Button icon={<UndoOutlined />} disabled={!canUndo} onClick={api.undo} aria-label={t('undo')} data-testid="lcd-undo" />
        </Tooltip>
        <Tooltip title={`${t('redo')} (Ctrl+Y)`}>
          <Button icon={<RedoOutlined />} disabled={!canRedo} onClick={api.redo} aria-label={t('redo')} data-testid="lcd-redo" />
        </Tooltip>
        <Button icon={<EyeOutlined />} onClick={actions.preview} data-testid="lcd-preview">
          {t('preview')}
        </Button>
        <Button onClick={actions.importJson}>{t('importJson')}</Button>
        <Button onClick={actions.exportJson}>{t('exportJson')}</Button>
        <Button type="primary" loading={saving} onClick={actions.save} data-testid="lcd-save">
          {t('save')}
        </Button>
        <Button onClick={actions.close} data-testid="lcd-close">
          {t('close')}
        </Button>
      </Space>
    </div>
  );
});

/** Loads a model, then opens its designer. */
export function ModelDesignerLoader({ id, onClose, onSaved }: { id: string; onClose: () => void; onSaved: () => void }) {
  const [model, setModel] = useState<ModelDetail | null>(null);
  useEffect(() => {
    let live = true;
    visualdevApi.info(id).then(
      (r) => live && setModel(r.data),
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
  }, [id, onClose]);
  return model ? <ModelDesigner model={model} onClose={onClose} onSaved={onSaved} /> : <Spin fullscreen />;
}
