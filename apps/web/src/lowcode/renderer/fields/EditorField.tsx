import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { FieldProps } from './types.ts';

// Quill is large: it loads with the first rich-text field, not with every form.
const RichText = lazy(() => import('./RichTextEditor.tsx'));

/** Rich text (Quill 2); the value is HTML, which the server sanitizes on save. */
export function EditorField(props: FieldProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
      <RichText {...props} />
    </Suspense>
  );
}
