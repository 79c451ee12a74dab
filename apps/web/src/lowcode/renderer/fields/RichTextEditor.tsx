import { QuillEditor } from '../../../features/system/printDev/QuillEditor.tsx';
// The editor's toolbar labels live with the print designer's texts.
import '../../../features/system/printDev/messages.ts';
import { HtmlView } from '../HtmlView.tsx';
import type { FieldProps } from './types.ts';

/** The house Quill editor as a form field (lazily loaded by EditorField). */
export default function RichTextEditor({ field, value, onChange, disabled }: FieldProps) {
  if (disabled || field.disabled || field.readonly) return <HtmlView html={typeof value === 'string' ? value : ''} />;
  return (
    <QuillEditor
      value={typeof value === 'string' ? value : ''}
      onChange={(html) => onChange?.(html)}
      placeholder={field.placeholder}
      minHeight={Number(field.props?.height ?? 200)}
    />
  );
}
