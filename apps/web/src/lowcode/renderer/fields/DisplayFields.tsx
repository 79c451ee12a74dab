import { Alert, Button, Typography } from 'antd';
import type { FieldProps } from './types.ts';

/** Display-only fields: they show the designed content and hold no value. */

export function TextField({ field }: FieldProps) {
  const style = {
    color: typeof field.props?.color === 'string' ? field.props.color : undefined,
    fontSize: typeof field.props?.fontSize === 'number' ? field.props.fontSize : undefined,
    fontWeight: field.props?.bold ? 600 : undefined,
    textAlign: (field.props?.align as 'left' | 'center' | 'right' | undefined) ?? undefined,
  };
  return <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', ...style }}>{field.content ?? ''}</Typography.Paragraph>;
}

/** Only http(s) and relative links open: a designed `javascript:` href is shown as text. */
export const safeHref = (href: string | undefined): string | undefined =>
  href && /^(https?:\/\/|\/(?!\/))/i.test(href) ? href : undefined;

export function LinkField({ field }: FieldProps) {
  const href = safeHref(field.href);
  const text = field.content || field.label;
  return href ? (
    <Typography.Link href={href} target={field.props?.target === '_self' ? '_self' : '_blank'} rel="noopener noreferrer">
      {text}
    </Typography.Link>
  ) : (
    <Typography.Text>{text}</Typography.Text>
  );
}

/** A designed button: no user code runs behind it (issue 13), so it only carries its text and look. */
export function ButtonField({ field }: FieldProps) {
  const type = field.props?.buttonType;
  return (
    <Button type={type === 'primary' || type === 'dashed' || type === 'link' ? type : 'default'} disabled={field.disabled}>
      {field.content || field.label}
    </Button>
  );
}

export function AlertField({ field }: FieldProps) {
  const type = field.props?.alertType;
  return (
    <Alert
      type={type === 'success' || type === 'warning' || type === 'error' ? type : 'info'}
      title={field.label}
      description={field.content || undefined}
      showIcon={field.props?.showIcon !== false}
    />
  );
}
