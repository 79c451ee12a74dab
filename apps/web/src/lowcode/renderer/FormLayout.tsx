import type { ReactNode } from 'react';
import { Card, Col, Collapse, Divider, Form, Row, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldTypeInfo, type FormField } from '@medalliance/contract';
import { NS } from '../messages.ts';
import { FieldDisplay } from './FieldDisplay.tsx';
import { fieldComponent } from './fields/index.ts';
import { fieldRules } from './rules.ts';

export type RenderMode = 'edit' | 'detail';

export interface LayoutContext {
  mode: RenderMode;
  gutter: number;
  /** Detail mode: the record's display values. */
  values?: Record<string, unknown>;
  /** A field the user may not see (form permission); absent: every field shows. */
  hidden?: (field: FormField) => boolean;
  disabled?: boolean;
}

const labelStyle = (field: FormField) =>
  field.labelWidth !== undefined ? { labelCol: { flex: `${field.labelWidth}px` }, wrapperCol: { flex: 'auto' } } : {};

/** One field: its Form.Item (edit, with its rules) or its label and value (detail). */
function FieldItem({ field, ctx }: { field: FormField; ctx: LayoutContext }) {
  const { t } = useTranslation(NS);
  const info = fieldTypeInfo(field.type);
  const label = field.showLabel === false ? undefined : field.label;
  if (ctx.mode === 'detail') {
    const value = field.field ? ctx.values?.[field.field] : undefined;
    return (
      <Form.Item
        label={label}
        {...labelStyle(field)}
        className="lc-detail-item"
        data-testid={field.field ? `lc-detail-${field.field}` : undefined}
      >
        <FieldDisplay field={field} value={value} />
      </Form.Item>
    );
  }
  const Component = fieldComponent(field.type);
  if (!Component) return null;
  if (!field.field || (info.column === 'none' && field.type !== 'table')) {
    // Display-only fields: no value, no rules; the button and text carry their own caption.
    const bare = field.type === 'text' || field.type === 'alert' || field.type === 'button' || field.type === 'link';
    return (
      <Form.Item label={bare ? undefined : label} {...labelStyle(field)}>
        <Component field={field} disabled={ctx.disabled} />
      </Form.Item>
    );
  }
  return (
    <Form.Item
      name={field.field}
      label={label}
      required={!!field.required}
      rules={info.serverFilled ? [] : fieldRules(field, t)}
      validateFirst
      {...labelStyle(field)}
      data-testid={`lc-field-${field.field}`}
    >
      <Component field={field} disabled={ctx.disabled} />
    </Form.Item>
  );
}

/** Fields in a grid row: each takes its span (24 by default); containers draw their children the same way. */
export function FieldGrid({ fields, ctx }: { fields: FormField[]; ctx: LayoutContext }): ReactNode {
  const shown = fields.filter((f) => !ctx.hidden?.(f));
  return (
    <Row gutter={ctx.gutter}>
      {shown.map((f) => (
        <Col key={f.id} span={f.span ?? 24}>
          <LayoutNode field={f} ctx={ctx} />
        </Col>
      ))}
    </Row>
  );
}

function LayoutNode({ field, ctx }: { field: FormField; ctx: LayoutContext }) {
  const children = field.children ?? [];
  switch (field.type) {
    case 'row':
      return <FieldGrid fields={children} ctx={ctx} />;
    case 'card':
      return (
        <Card size="small" title={field.label || undefined} className="lc-card">
          <FieldGrid fields={children} ctx={ctx} />
        </Card>
      );
    case 'tab':
      return (
        <Tabs
          className="lc-tabs"
          // Every pane is rendered (and its fields registered) so a submit validates the hidden tabs too.
          items={children.map((item) => ({
            key: item.id,
            label: item.label,
            forceRender: true,
            children: <FieldGrid fields={item.children ?? []} ctx={ctx} />,
          }))}
        />
      );
    case 'collapse':
      return (
        <Collapse
          className="lc-collapse"
          defaultActiveKey={children.map((c) => c.id)}
          items={children.map((item) => ({
            key: item.id,
            label: item.label,
            forceRender: true,
            children: <FieldGrid fields={item.children ?? []} ctx={ctx} />,
          }))}
        />
      );
    case 'tabItem':
    case 'collapseItem':
      return <FieldGrid fields={children} ctx={ctx} />;
    case 'groupTitle':
      return (
        <Divider titlePlacement="start" className="lc-group-title">
          {field.label}
        </Divider>
      );
    case 'divider':
      return <Divider titlePlacement="center">{field.content || undefined}</Divider>;
    default:
      return <FieldItem field={field} ctx={ctx} />;
  }
}
