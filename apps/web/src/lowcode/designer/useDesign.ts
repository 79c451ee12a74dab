import { useCallback, useMemo, useReducer } from 'react';
import { commit, initialState, markSaved, redo, undo, type DesignDoc, type DesignState } from './history.ts';

type Action =
  | { kind: 'commit'; change: (doc: DesignDoc) => DesignDoc; group: string | null }
  | { kind: 'undo' }
  | { kind: 'redo' }
  | { kind: 'saved' }
  | { kind: 'reset'; doc: DesignDoc };

function reducer(state: DesignState, action: Action): DesignState {
  switch (action.kind) {
    case 'commit':
      return commit(state, action.change, action.group);
    case 'undo':
      return undo(state);
    case 'redo':
      return redo(state);
    case 'saved':
      return markSaved(state);
    case 'reset':
      return initialState(action.doc);
  }
}

export interface DesignApi {
  /** Change the document; calls with the same group (typing in one box) make one undo step. */
  apply: (change: (doc: DesignDoc) => DesignDoc, group?: string | null) => void;
  undo: () => void;
  redo: () => void;
  markSaved: () => void;
  reset: (doc: DesignDoc) => void;
}

/** The designer's document and history; `api` keeps its identity, so memoized children do not re-render for it. */
export function useDesign(doc: DesignDoc): [DesignState, DesignApi] {
  const [state, dispatch] = useReducer(reducer, doc, initialState);
  const apply = useCallback<DesignApi['apply']>((change, group = null) => dispatch({ kind: 'commit', change, group }), []);
  const api = useMemo<DesignApi>(
    () => ({
      apply,
      undo: () => dispatch({ kind: 'undo' }),
      redo: () => dispatch({ kind: 'redo' }),
      markSaved: () => dispatch({ kind: 'saved' }),
      reset: (d) => dispatch({ kind: 'reset', doc: d }),
    }),
    [apply],
  );
  return [state, api];
}
