import type { FormDefinition, ListDefinition } from '@medalliance/contract';

/**
 * The designer's document (form and list definitions) with an undo / redo
 * history. Every change is a new document; the history keeps the previous
 * ones. Typing into one property coalesces into one step (same `group`), so
 * undo takes back a whole word, not a letter.
 */

export interface DesignDoc {
  form: FormDefinition;
  list: ListDefinition;
}

export interface DesignState {
  doc: DesignDoc;
  past: DesignDoc[];
  future: DesignDoc[];
  /** The group of the last change (typing in one box); null after undo / redo or a structural change. */
  group: string | null;
  /** The document as last saved (dirty = doc !== saved). */
  saved: DesignDoc;
}

export const HISTORY_LIMIT = 100;

export function initialState(doc: DesignDoc): DesignState {
  return { doc, past: [], future: [], group: null, saved: doc };
}

/** Apply a change; a change that returns the same document is no step. */
export function commit(state: DesignState, change: (doc: DesignDoc) => DesignDoc, group: string | null = null): DesignState {
  const next = change(state.doc);
  if (next === state.doc) return state;
  if (group !== null && group === state.group) return { ...state, doc: next, future: [] };
  const past = state.past.length >= HISTORY_LIMIT ? [...state.past.slice(1), state.doc] : [...state.past, state.doc];
  return { ...state, doc: next, past, future: [], group };
}

export function undo(state: DesignState): DesignState {
  const prev = state.past[state.past.length - 1];
  if (!prev) return state;
  return { ...state, doc: prev, past: state.past.slice(0, -1), future: [state.doc, ...state.future], group: null };
}

export function redo(state: DesignState): DesignState {
  const [next, ...rest] = state.future;
  if (!next) return state;
  return { ...state, doc: next, past: [...state.past, state.doc], future: rest, group: null };
}

export function markSaved(state: DesignState): DesignState {
  return { ...state, saved: state.doc, group: null };
}

export const isDirty = (state: DesignState) => state.doc !== state.saved;

/** Replace the form's fields, keeping the rest of the document. */
export const withFields = (doc: DesignDoc, fields: FormDefinition['fields']): DesignDoc =>
  fields === doc.form.fields ? doc : { ...doc, form: { ...doc.form, fields } };
