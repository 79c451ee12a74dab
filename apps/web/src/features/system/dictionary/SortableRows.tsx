import { createContext, useContext, useMemo, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';
import { Button } from 'antd';
import { HolderOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

/**
 * Drag-to-sort rows of an antd Table (dnd-kit): the table's body rows become
 * sortable, and a handle cell starts the drag (by pointer, or by keyboard:
 * Space, the arrow keys, Space).
 */

interface HandleState {
  setActivatorNodeRef?: (el: HTMLElement | null) => void;
  listeners?: DraggableSyntheticListeners;
  attributes?: DraggableAttributes;
}
const HandleContext = createContext<HandleState>({});

const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };
const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };

export function DragHandle({ label }: { label: string }) {
  const { setActivatorNodeRef, listeners, attributes } = useContext(HandleContext);
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      className="ma-dict-drag"
      style={{ cursor: 'grab', touchAction: 'none' }}
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={label}
      title={label}
    />
  );
}

type RowProps = HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: string };

/** A body row (antd passes data-row-key); rows without one (the empty placeholder) are left alone. */
export function SortableRow(props: RowProps) {
  const id = props['data-row-key'];
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: id ?? '__placeholder',
    disabled: !id,
  });
  const handle = useMemo(() => ({ setActivatorNodeRef, listeners, attributes }), [setActivatorNodeRef, listeners, attributes]);
  if (!id) return <tr {...props} />;
  const style: CSSProperties = {
    ...props.style,
    transform: CSS.Translate.toString(transform && { ...transform, scaleY: 1 }),
    transition,
    ...(isDragging ? { position: 'relative', zIndex: 9, background: 'var(--ant-color-primary-bg, #e6f4ff)' } : {}),
  };
  return (
    <HandleContext.Provider value={handle}>
      <tr {...props} ref={setNodeRef} style={style} />
    </HandleContext.Provider>
  );
}

/** Wraps the table: `ids` are the rows in their shown order; `onMove` gets the dragged row and the row it was dropped on. */
export function SortableRows({
  ids,
  onMove,
  children,
}: {
  ids: string[];
  onMove: (activeId: string, overId: string) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
