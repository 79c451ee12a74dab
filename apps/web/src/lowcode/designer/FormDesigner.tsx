import { memo, useCallback, useContext, useMemo, useRef, useState } from 'react';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldType } from '@medalliance/contract';
import { Canvas, CanvasActionsContext, DraggingContext, PALETTE_PREFIX, type CanvasActions } from './Canvas.tsx';
import { FieldProps } from './FieldProps.tsx';
import { FormProps } from './FormProps.tsx';
import { withFields, type DesignDoc } from './history.ts';
import { NS } from './messages.ts';
import { Palette } from './Palette.tsx';
import { SelectionContext, useSelectedId } from './selection.ts';
import {
  acceptsChildren,
  canPlace,
  containerType,
  copyField,
  insertField,
  locate,
  moveField,
  newField,
  removeField,
  ROOT,
} from './tree.ts';
import type { DesignApi } from './useDesign.ts';

// The innermost container under the pointer wins (a row inside a card inside the form).
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  if (!hits.length) return closestCenter(args);
  const area = (id: string | number) => {
    const r = args.droppableRects.get(id);
    return r ? r.width * r.height : Infinity;
  };
  return [...hits].sort((a, b) => area(a.id) - area(b.id));
};

/**
 * The pointer sensor's options, one object for the designer's life: useSensor
 * memoizes on the options' identity, and a new sensor list gives DndContext new
 * activators, which re-renders every draggable item on the canvas.
 */
const POINTER_OPTIONS = { activationConstraint: { distance: 5 } };

/** Where a drop over `overId` puts a field: a container's end, or before the field hovered. */
function target(doc: DesignDoc, overId: string): { containerId: string; index: number } | null {
  if (overId.startsWith('drop:')) {
    const containerId = overId.slice(5);
    const n = containerId === ROOT ? doc.form.fields.length : (locate(doc.form.fields, containerId)?.field.children?.length ?? 0);
    return { containerId, index: n };
  }
  const at = locate(doc.form.fields, overId);
  return at ? { containerId: at.parentId, index: at.index } : null;
}

/** The properties of the selected field or of the form; memoized so a canvas-only change (a drag) skips it. */
const PropsPanel = memo(function PropsPanel({
  doc,
  selectedId,
  tab,
  onTab,
  api,
}: {
  doc: DesignDoc;
  selectedId: string | null;
  tab: string;
  onTab: (tab: string) => void;
  api: DesignApi;
}) {
  const { t } = useTranslation(NS);
  const selected = selectedId ? locate(doc.form.fields, selectedId) : null;
  return (
    <Tabs
      activeKey={selected ? tab : 'form'}
      onChange={onTab}
      items={[
        {
          key: 'field',
          label: t('fieldProps'),
          disabled: !selected,
          // Not keyed by field: selecting another field updates the mounted controls
          // instead of mounting a new antd form (its styles, form store, wave effects).
          children: selected ? <FieldProps doc={doc} at={selected} api={api} /> : null,
        },
        { key: 'form', label: t('formProps'), children: <FormProps doc={doc} api={api} /> },
      ]}
    />
  );
});

/** The form tab: palette, canvas, and the properties of the selected field or of the form. */
export function FormDesigner({ doc, api }: { doc: DesignDoc; api: DesignApi }) {
  const { t } = useTranslation(NS);
  const selection = useContext(SelectionContext);
  const selectedId = useSelectedId();
  const [dragging, setDragging] = useState<string | null>(null);
  const [propsTab, setPropsTab] = useState('field');
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS));

  // The latest document for the handlers, so they keep their identity (the palette and canvas stay memoized).
  const docRef = useRef(doc);
  docRef.current = doc;

  /** Put a new field of `type` at a place; the field is made here (its id is selected), inserted in the reducer. */
  const place = useCallback(
    (type: FieldType, where: (d: DesignDoc) => { containerId: string; index: number } | null) => {
      const base = docRef.current;
      const to = where(base);
      if (!to) return;
      const kind = containerType(base.form.fields, to.containerId);
      if (!kind || !canPlace(type, kind)) return;
      const field = newField(base.form.fields, type, t(`type.${type}`), to.containerId);
      // The place is decided now: the reducer runs later, after the selection has moved to the new field.
      api.apply((d) => withFields(d, insertField(d.form.fields, to.containerId, to.index, field)));
      selection.set(field.id);
      setPropsTab('field');
    },
    [api, selection, t],
  );

  // Click to add: into the selected container if it takes the type, else at the form's end.
  const onAdd = useCallback(
    (type: FieldType) =>
      place(type, (d) => {
        const sel = selection.get();
        const selField = sel ? locate(d.form.fields, sel)?.field : undefined;
        if (selField && acceptsChildren(selField.type) && canPlace(type, selField.type)) {
          return { containerId: selField.id, index: selField.children?.length ?? 0 };
        }
        return { containerId: ROOT, index: d.form.fields.length };
      }),
    [place, selection],
  );

  const actions = useMemo<CanvasActions>(
    () => ({
      remove: (id) => {
        api.apply((d) => withFields(d, removeField(d.form.fields, id)));
        if (selection.get() === id) selection.set(null);
      },
      copy: (id) => {
        const r = copyField(docRef.current.form.fields, id);
        if (!r.copy) return;
        api.apply((d) => withFields(d, r.fields));
        selection.set(r.copy.id);
      },
    }),
    [api, selection],
  );

  const onDragStart = (e: DragStartEvent) => setDragging(String(e.active.id));
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    if (!e.over) return;
    const activeId = String(e.active.id);
    const overId = String(e.over.id);
    if (activeId === overId) return;
    if (activeId.startsWith(PALETTE_PREFIX)) {
      place(activeId.slice(PALETTE_PREFIX.length) as FieldType, (d) => target(d, overId));
      return;
    }
    api.apply((d) => {
      const to = target(d, overId);
      return to ? withFields(d, moveField(d.form.fields, activeId, to.containerId, to.index)) : d;
    });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
    >
      <div className="lcd-root">
        <Palette onAdd={onAdd} />
        <div className="lcd-canvas" onClick={() => selection.set(null)}>
          <CanvasActionsContext.Provider value={actions}>
            <DraggingContext.Provider value={dragging !== null}>
              <Canvas form={doc.form} />
            </DraggingContext.Provider>
          </CanvasActionsContext.Provider>
        </div>
        <aside className="lcd-props" data-testid="lcd-props">
          {/* Not deferred: a panel that lags the selection lets fast typing land in the previous field's properties. */}
          <PropsPanel doc={doc} selectedId={selectedId} tab={propsTab} onTab={setPropsTab} api={api} />
        </aside>
      </div>
      <DragOverlay>
        {dragging?.startsWith(PALETTE_PREFIX) ? (
          <div className="lcd-palette-item">{t(`type.${dragging.slice(PALETTE_PREFIX.length)}`)}</div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
