import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import Quill from 'quill';
import type TableModule from 'quill/modules/table';
import 'quill/dist/quill.snow.css';
import { useTranslation } from 'react-i18next';
import { sanitize } from '../../../components/html/sanitize.ts';
import { NS } from '../messages.ts';

export interface QuillEditorHandle {
  /** Inserts plain text at the cursor (or the end). */
  insertText(text: string): void;
  /** Inserts HTML at the cursor (or the end). */
  insertHtml(html: string): void;
  insertTable(rows: number, columns: number): void;
  focus(): void;
}

interface Props {
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  minHeight?: number;
}

const HEADERS = [1, 2, 3, 4, 5, 6] as const;
const SIZES = ['small', '', 'large', 'huge'] as const;

/**
 * Rich text (Quill 2, spec §9: headers 1–6, sizes small/normal/large/huge,
 * placeholder 'please enter'). The toolbar is ours, so its labels are
 * translated; the content starts from `value` and reports every change.
 * Remount it (a key) to load another document.
 */
export const QuillEditor = forwardRef<QuillEditorHandle, Props>(function QuillEditor(
  { value, onChange, placeholder, minHeight = 420 },
  ref,
) {
  const { t } = useTranslation(NS);
  const wrap = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const initial = useRef(value);

  useEffect(() => {
    const root = wrap.current;
    if (!root) return;
    // The toolbar and the editor are built here, not by React: Quill rewires
    // their DOM, and a fresh pair per mount keeps its listeners from doubling.
    const toolbar = document.createElement('div');
    toolbar.innerHTML = toolbarHtml(t);
    const editor = document.createElement('div');
    editor.style.minHeight = `${minHeight}px`;
    root.replaceChildren(toolbar, editor);
    const q = new Quill(editor, {
      theme: 'snow',
      placeholder: placeholder ?? t('pd.placeholder'),
      modules: { toolbar: { container: toolbar }, table: true, history: { delay: 800, maxStack: 200, userOnly: true } },
    });
    // Stored HTML goes through the shared sanitizer before Quill parses it, like everywhere else it is rendered.
    q.setContents(q.clipboard.convert({ html: sanitize(initial.current) }), 'silent');
    q.history.clear();
    q.on('text-change', () => changed.current(q.root.innerHTML === '<p><br></p>' ? '' : q.root.innerHTML));
    quill.current = q;
    return () => {
      quill.current = null;
      root.replaceChildren();
    };
    // Created once per mount; the parent remounts the editor (a key) for another document or language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useImperativeHandle(ref, () => {
    const at = () => {
      const q = quill.current!;
      const range = q.getSelection(true);
      return range ? range.index : q.getLength() - 1;
    };
    return {
      insertText(text) {
        const q = quill.current;
        if (!q) return;
        const i = at();
        q.insertText(i, text, 'user');
        q.setSelection(i + text.length, 0, 'silent');
      },
      insertHtml(html) {
        const q = quill.current;
        if (!q) return;
        // Blocks (tables) go on a line of their own, after the cursor's line.
        const i = at();
        const [line, offset] = q.getLine(i);
        let at_ = i;
        if (line && line.length() > 1) {
          at_ = i - offset + line.length() - 1;
          q.insertText(at_, '\n', 'user');
          at_ += 1;
        }
        q.clipboard.dangerouslyPasteHTML(at_, sanitize(html), 'user');
      },
      insertTable(rows, columns) {
        const q = quill.current;
        if (!q) return;
        q.focus();
        (q.getModule('table') as TableModule).insertTable(rows, columns);
      },
      focus() {
        quill.current?.focus();
      },
    };
  }, []);

  return <div className="ma-quill" ref={wrap} data-testid="ma-quill" />;
});

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** The toolbar, labelled in the UI language (Quill's pickers show an option's text as its label). */
function toolbarHtml(t: (key: string, options?: Record<string, unknown>) => string): string {
  const button = (cls: string, label: string, value?: string) =>
    `<button type="button" class="ql-${cls}"${value ? ` value="${value}"` : ''} aria-label="${esc(label)}" title="${esc(label)}"></button>`;
  const headers = HEADERS.map((h) => `<option value="${h}">${esc(t('pd.headingN', { n: h }))}</option>`).join('');
  const sizes = SIZES.map(
    (s) => (s ? `<option value="${s}">` : '<option selected>') + `${esc(t(`pd.size.${s || 'normal'}`))}</option>`,
  ).join('');
  return [
    `<span class="ql-formats"><select class="ql-header" aria-label="${esc(t('pd.heading'))}">${headers}<option selected>${esc(t('pd.body'))}</option></select>`,
    `<select class="ql-size" aria-label="${esc(t('pd.size'))}">${sizes}</select></span>`,
    `<span class="ql-formats">${button('bold', t('pd.bold'))}${button('italic', t('pd.italic'))}${button('underline', t('pd.underline'))}${button('strike', t('pd.strike'))}</span>`,
    `<span class="ql-formats"><select class="ql-color" title="${esc(t('pd.color'))}"></select><select class="ql-background" title="${esc(t('pd.background'))}"></select></span>`,
    `<span class="ql-formats"><select class="ql-align" title="${esc(t('pd.align'))}"></select>${button('list', t('pd.ordered'), 'ordered')}${button('list', t('pd.bullet'), 'bullet')}${button('indent', t('pd.outdent'), '-1')}${button('indent', t('pd.indent'), '+1')}</span>`,
    `<span class="ql-formats">${button('clean', t('pd.clean'))}</span>`,
  ].join('');
}
