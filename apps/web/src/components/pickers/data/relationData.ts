import { create } from 'zustand';

/**
 * The shared relation-data map (spec §3): the record chosen in a popup
 * picker, keyed by the field name of that picker, so read-only attribute
 * displays (PopupAttr) can show its other columns. An emptied picker resets
 * its entry (spec §4).
 */
interface RelationData {
  records: Record<string, Record<string, unknown> | null>;
  set(field: string, record: Record<string, unknown> | null): void;
}

export const useRelationData = create<RelationData>()((set) => ({
  records: {},
  set: (field, record) => set((s) => ({ records: { ...s.records, [field]: record } })),
}));

export const setRelationRecord = (field: string | undefined, record: Record<string, unknown> | null) => {
  if (field) useRelationData.getState().set(field, record);
};
