import { useEffect, useRef } from 'react';

/** Typing in a settings box must not delete the selected node. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || !!target.closest('.ant-select, .ant-modal')
  );
}

/** The designer's keys while it is open: Delete / Backspace removes the selection, Ctrl+S (⌘S) saves the draft. */
export function useDesignerKeys(handlers: { onDelete: () => void; onSave: () => void }) {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        // The browser's own save-page dialog is never what the designer means.
        e.preventDefault();
        ref.current.onSave();
        return;
      }
      if ((e.key === 'Delete' || e.key === 'Backspace') && !typing(e.target)) {
        e.preventDefault();
        ref.current.onDelete();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
