import { useMemo, type HTMLAttributes } from 'react';
import { sanitize } from './sanitize.ts';

interface Props extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'dangerouslySetInnerHTML'> {
  /** Stored rich text or a rendered template; sanitized here, whatever its source. */
  html: string | null | undefined;
  [dataAttribute: `data-${string}`]: string | undefined;
}

/** A block of user-written HTML (print templates, notices, rich-text fields, messages), always through `sanitize()`. */
export function SafeHtml({ html, ...rest }: Props) {
  const clean = useMemo(() => sanitize(html), [html]);
  return <div {...rest} dangerouslySetInnerHTML={{ __html: clean }} />;
}
