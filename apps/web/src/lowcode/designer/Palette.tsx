import { memo } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPE_NAMES, FIELD_TYPES, type FieldGroup, type FieldType } from '@medalliance/contract';
import { NS } from './messages.ts';
import { PALETTE_PREFIX } from './Canvas.tsx';

const GROUPS: FieldGroup[] = ['basic', 'advanced', 'system', 'layout'];
/** Items only exist inside their tab or collapse. */
const HIDDEN: FieldType[] = ['tabItem', 'collapseItem'];

export const PALETTE = GROUPS.map((group) => ({
  group,
  types: FIELD_TYPE_NAMES.filter((t) => FIELD_TYPES[t].group === group && !HIDDEN.includes(t)),
}));

/** The controls by group, from the registry; drag one into the form, or click to add it. */
export const Palette = memo(function Palette({ onAdd }: { onAdd: (type: FieldType) => void }) {
  const { t } = useTranslation(NS);
  return (
    <aside className="lcd-palette" data-testid="lcd-palette">
      {PALETTE.map(({ group, types }) => (
        <section key={group}>
          <div className="lcd-palette-group">{t(`group.${group}`)}</div>
          <div className="lcd-palette-items">
            {types.map((type) => (
              <PaletteItem key={type} type={type} label={t(`type.${type}`)} onAdd={onAdd} />
            ))}
          </div>
        </section>
      ))}
    </aside>
  );
});

function PaletteItem({ type, label, onAdd }: { type: FieldType; label: string; onAdd: (type: FieldType) => void }) {
  const { attributes, listeners, setNodeRef } = useDraggable({ id: `${PALETTE_PREFIX}${type}` });
  return (
    <div
      ref={setNodeRef}
      className="lcd-palette-item"
      title={label}
      data-testid={`lcd-palette-${type}`}
      onClick={() => onAdd(type)}
      {...attributes}
      {...listeners}
    >
      {label}
    </div>
  );
}
