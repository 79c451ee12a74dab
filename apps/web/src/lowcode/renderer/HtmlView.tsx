import 'quill/dist/quill.snow.css';
import { SafeHtml } from '../../components/html/SafeHtml.tsx';

/**
 * Stored rich text, shown read-only. The server sanitizes on save; SafeHtml
 * sanitizes again with the same policy because a detail view must never trust stored HTML.
 */
export function HtmlView({ html }: { html: string }) {
  return <SafeHtml className="ql-editor lc-richtext" html={html} />;
}
