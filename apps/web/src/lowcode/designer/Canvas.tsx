import { createContext, memo, useContext, useMemo, type MouseEvent } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, rectSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPES, type FormDefinition, type FormField } from '@medalliance/contract';
import { NS } from './messages.ts';
import { SelectionContext, useIsSelected } from './selection.ts';
import { ROOT } from './tree.ts';

/** What canvas items do; one stable object, so items stay memoized. */
export interface CanvasActions {
  remove: (id: string) => void;
  copy: (id: string) => void;
}

export const CanvasActionsContext = createContext<CanvasActions>({ remove: () => {}, copy: () => {} });

/** The label look of the form, shared by every item (changes rarely). */
export const LabelContext = createContext<{ width: number; top: boolean }>({ width: 100, top: false });

export const dropId = (containerId: string) => `drop:${containerId}`;
export const PALETTE_PREFIX = 'palette:';

/**
 * The design surface: a light picture of each field (not the real control,
 * so 200 fields stay cheap), sortable within and between containers.
 */
export function Canvas({ form }: { form: FormDefinition }) {
  const top = form.labelPosition === 'top';
  // A new object only when the look changes: every item reads it.
  const label = useMemo(() => ({ width: form.labelWidth, top }), [form.labelWidth, top]);
  return (
    <LabelContext.Provider value={label}>
      <div className="lcd-canvas-form" data-testid="lcd-canvas">
        <DropList containerId={ROOT} fields={form.fields} root />
      </div>
    </LabelContext.Provider>
  );
}

const DropList = memo(function DropList({ containerId, fields, root }: { containerId: string; fields: FormField[]; root?: boolean }) {
  const { t } = useTranslation(NS);
  const { setNodeRef, isOver } = useDroppable({ id: dropId(containerId) });
  return (
    <SortableContext items={fields.map((f) => f.id)} strategy={rectSortingStrategy}>
      <div
        ref={setNodeRef}
        className={`lcd-drop${root ? ' lcd-drop-root' : ''}${isOver ? ' lcd-drop-over' : ''}`}
        data-testid={`lcd-drop-${containerId}`}
      >
        {fields.map((f) => (
          <CanvasItem key={f.id} field={f} />
        ))}
        {fields.length === 0 && <div className="lcd-drop-empty">{root ? t('emptyCanvas') : t('dropHere')}</div>}
      </div>
    </SortableContext>
  );
});

const CanvasItem = memo(function CanvasItem({ field }: { field: FormField }) {
  const { t } = useTranslation(NS);
  const selection = useContext(SelectionContext);
  const actions = useContext(CanvasActionsContext);
  const selected = useIsSelected(field.id);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: field.id });
  const span = field.type === 'tabItem' || field.type === 'collapseItem' ? 24 : (field.span ?? 24);
  const style = { transform: CSS.Translate.toString(transform), transition, width: `${(span / 24) * 100}%` };
  const stop = (fn: () => void) => (e: MouseEvent) => {
    e.stopPropagation();
    fn();
  };
  return (
    <div
      ref={setNodeRef}
      style={style}
      className={`lcd-item${selected ? ' lcd-item-selected' : ''}${isDragging ? ' lcd-item-dragging' : ''}`}
      data-testid="lcd-item"
      data-field-id={field.id}
      data-field-type={field.type}
      onClick={stop(() => selection.set(field.id))}
      {...attributes}
      {...listeners}
    >
      <FieldPicture field={field} />
      {field.field && <span className="lcd-item-key">{field.field}</span>}
      <div className="lcd-item-tools">
        <button
          type="button"
          title={t('copy')}
          aria-label={t('copy')}
          data-testid="lcd-item-copy"
          onClick={stop(() => actions.copy(field.id))}
        >
          <CopyOutlined />
        </button>
        <button
          type="button"
          title={t('delete')}
          aria-label={t('delete')}
          data-testid="lcd-item-delete"
          onClick={stop(() => actions.remove(field.id))}
        >
          <DeleteOutlined />
        </button>
      </div>
    </div>
  );
});

function FieldPicture({ field }: { field: FormField }) {
  const { t } = useTranslation(NS);
  const label = useContext(LabelContext);
  const info = FIELD_TYPES[field.type];
  if (info.container) {
    const itemsOnly = field.type === 'tab' || field.type === 'collapse';
    return (
      <div className="lcd-container">
        <div className="lcd-container-head">
          {field.label || t(`type.${field.type}`)}
          {field.type === 'table' && field.field ? ` (${field.field})` : ''}
        </div>
        <div className="lcd-container-body">
          {itemsOnly ? (
            <SortableContext items={(field.children ?? []).map((c) => c.id)} strategy={rectSortingStrategy}>
              <div className="lcd-tab-items">
                {(field.children ?? []).map((c) => (
                  <CanvasItem key={c.id} field={c} />
                ))}
              </div>
            </SortableContext>
          ) : (
            <DropList containerId={field.id} fields={field.children ?? []} />
          )}
        </div>
      </div>
    );
  }
  switch (field.type) {
    case 'divider':
      return <div className="lcd-divider">{field.content ?? field.label}</div>;
    case 'groupTitle':
      return <div className="lcd-group-title">{field.content ?? field.label}</div>;
    case 'text':
    case 'alert':
    case 'link':
    case 'button':
      return <div className="lcd-text">{field.content || field.label || t(`type.${field.type}`)}</div>;
  }
  const tall = field.type === 'textarea' || field.type === 'editor' || field.type === 'uploadImg' || field.type === 'sign';
  return (
    <div className="lcd-field" style={label.top ? { flexDirection: 'column', alignItems: 'stretch', gap: 2 } : undefined}>
      <span
        className={`lcd-field-label${field.required ? ' lcd-field-required' : ''}${label.top ? ' lcd-field-label-top' : ''}`}
        style={label.top ? undefined : { width: field.labelWidth ?? label.width }}
      >
        {field.label}
      </span>
      <span className={`lcd-field-box${tall ? ' lcd-field-box-tall' : ''}`}>
        {field.type === 'calculate' ? field.expression || t('type.calculate') : field.placeholder || t(`type.${field.type}`)}
      </span>
    </div>
  );
}
