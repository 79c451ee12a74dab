import { useMemo } from 'react';
import { Form, type FormInstance } from 'antd';
import { localizeForm, type FormDefinition, type FormField } from '@medalliance/contract';
import { useLanguage } from '../../i18n/index.ts';
import { FieldGrid } from './FormLayout.tsx';
import './renderer.css';

export interface FormRendererProps {
  definition: FormDefinition;
  /** 'edit' creates or updates (antd Form with the field rules); 'detail' shows display values read-only. */
  mode: 'edit' | 'detail';
  /** Edit: the form instance the dialog submits. */
  form?: FormInstance;
  /** Edit: initial values (initialValues()); detail: the record's display values. */
  values?: Record<string, unknown>;
  /** Fields the user may not see (form permission). */
  hidden?: (field: FormField) => boolean;
  disabled?: boolean;
  onValuesChange?: (changed: Record<string, unknown>, all: Record<string, unknown>) => void;
}

/**
 * One form definition, rendered to fill in or to read (issue 13): label
 * width and position from the definition, every field through the type →
 * component map, layout containers as grids, cards, tabs and collapses.
 * Labels and static options show in the user's language where the field
 * carries a translation (field-i18n.ts).
 */
export function FormRenderer({ definition: stored, mode, form, values, hidden, disabled, onValuesChange }: FormRendererProps) {
  const lang = useLanguage();
  const definition = useMemo(() => localizeForm(stored, lang), [stored, lang]);
  const top = definition.labelPosition === 'top';
  const labelProps = top
    ? { layout: 'vertical' as const }
    : {
        layout: 'horizontal' as const,
        labelAlign: definition.labelPosition === 'left' ? ('left' as const) : ('right' as const),
        labelCol: { flex: `${definition.labelWidth}px` },
        wrapperCol: { flex: 'auto' },
        labelWrap: true,
      };
  return (
    <Form
      {...labelProps}
      form={mode === 'edit' ? form : undefined}
      initialValues={mode === 'edit' ? values : undefined}
      onValuesChange={onValuesChange}
      className={`lc-form lc-form-${mode}`}
      data-testid={`lc-form-${mode}`}
      scrollToFirstError
      colon={false}
    >
      <FieldGrid fields={definition.fields} ctx={{ mode, gutter: definition.gutter, values, hidden, disabled }} />
    </Form>
  );
}
