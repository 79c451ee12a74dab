import { createContext, memo, useCallback, useContext, useMemo, type MouseEvent, type ReactNode } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, rectSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
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

/**
 * The designer's translator, looked up once by the canvas: hundreds of items
 * each calling useTranslation cost a subscription and a hook per item. A new
 * language gives a new function, which re-renders the items that read it.
 */
const CanvasTContext = createContext<TFunction<typeof NS>>(((key: string) => key) as unknown as TFunction<typeof NS>);

/** Whether a drag is under way; set by the designer around its DndContext. */
export const DraggingContext = createContext(false);

const NO_ITEMS: string[] = [];

/**
 * The ids a SortableContext sorts. Every useSortable re-renders when this list
 * changes, so it is only filled while a drag is under way (sorting is all it is
 * for): adding a field then renders the new item and not all the others.
 */
function useSortIds(fields: FormField[]): string[] {
  const dragging = useContext(DraggingContext);
  return useMemo(() => (dragging ? fields.map((f) => f.id) : NO_ITEMS), [dragging, fields]);
}

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
  const { t } = useTranslation(NS);
  return (
    <CanvasTContext.Provider value={t}>
      <LabelContext.Provider value={label}>
        <div className="lcd-canvas-form" data-testid="lcd-canvas">
          <DropList containerId={ROOT} fields={form.fields} root />
        </div>
      </LabelContext.Provider>
    </CanvasTContext.Provider>
  );
}

const DropList = memo(function DropList({ containerId, fields, root }: { containerId: string; fields: FormField[]; root?: boolean }) {
  const t = useContext(CanvasTContext);
  const { setNodeRef, isOver } = useDroppable({ id: dropId(containerId) });
  const ids = useSortIds(fields);
  return (
    <SortableContext items={ids} strategy={rectSortingStrategy}>
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

/**
 * One field on the canvas. Memoized on the field object (tree.ts keeps untouched
 * fields as the same objects), so adding or moving a field renders only what changed.
 */
const CanvasItem = memo(function CanvasItem({ field }: { field: FormField }) {
  const span = field.type === 'tabItem' || field.type === 'collapseItem' ? 24 : (field.span ?? 24);
  // The body is made here, once per field object: when dnd-kit re-renders the
  // sortable shell (its list changed), React reuses this element and skips the body.
  const body = useMemo(() => <ItemBody field={field} />, [field]);
  return (
    <SortableShell id={field.id} type={field.type} span={span}>
      {body}
    </SortableShell>
  );
});

/**
 * The part of an item that dnd-kit drives: every useSortable re-renders when its
 * list changes, so it holds only the node, its drag state and the click to select.
 */
function SortableShell({ id, type, span, children }: { id: string; type: string; span: number; children: ReactNode }) {
  const selection = useContext(SelectionContext);
  const selected = useIsSelected(id);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  const translate = CSS.Translate.toString(transform);
  const style = useMemo(() => ({ transform: translate, transition, width: `${(span / 24) * 100}%` }), [translate, transition, span]);
  const onClick = useCallback(
    (e: MouseEvent) => {
      e.stopPropagation();
      selection.set(id);
    },
    [selection, id],
  );
  return (
    <div
      ref={setNodeRef}
      style={style}
      className={`lcd-item${selected ? ' lcd-item-selected' : ''}${isDragging ? ' lcd-item-dragging' : ''}`}
      data-testid="lcd-item"
      data-field-id={id}
      data-field-type={type}
      onClick={onClick}
      {...attributes}
      {...listeners}
    >
      {children}
    </div>
  );
}

function ItemBody({ field }: { field: FormField }) {
  const t = useContext(CanvasTContext);
  const actions = useContext(CanvasActionsContext);
  const stop = (fn: () => void) => (e: MouseEvent) => {
    e.stopPropagation();
    fn();
  };
  return (
    <>
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
    </>
  );
}

const NO_FIELDS: FormField[] = [];

/** The tabs of a tab or the panels of a collapse: sortable among themselves, no drop zone of their own. */
function TabItems({ items }: { items: FormField[] }) {
  const ids = useSortIds(items);
  return (
    <SortableContext items={ids} strategy={rectSortingStrategy}>
      <div className="lcd-tab-items">
        {items.map((c) => (
          <CanvasItem key={c.id} field={c} />
        ))}
      </div>
    </SortableContext>
  );
}

function FieldPicture({ field }: { field: FormField }) {
  const t = useContext(CanvasTContext);
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
          {itemsOnly ? <TabItems items={field.children ?? NO_FIELDS} /> : <DropList containerId={field.id} fields={field.children ?? []} />}
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
