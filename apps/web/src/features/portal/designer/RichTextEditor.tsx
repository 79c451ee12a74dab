import { QuillEditor } from '../../system/printDev/QuillEditor.tsx';
// The editor's toolbar texts live with the print designer's.
import '../../system/printDev/messages.ts';

/** The rich-text widget's editor: the product's one Quill editor. */
export default function RichTextEditor({ value, onChange }: { value: string; onChange: (html: string) => void }) {
  return <QuillEditor value={value} onChange={onChange} minHeight={200} />;
}
