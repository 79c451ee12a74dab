import { memo } from 'react';
import { Form, Input, InputNumber, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormDefinition } from '@medalliance/contract';
import { usePrintTemplates } from '../../lookups/printTemplates.ts';
import type { DesignDoc } from './history.ts';
import { NS } from './messages.ts';
import type { DesignApi } from './useDesign.ts';

/** Whether two forms have the same form-wide properties (their fields aside). */
function sameProps(a: FormDefinition, b: FormDefinition): boolean {
  if (a === b) return true;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete('fields');
  for (const k of keys) if (a[k as keyof FormDefinition] !== b[k as keyof FormDefinition]) return false;
  return true;
}

/**
 * Form-wide properties: label width and position, gutter, popup type and width,
 * print template. Renders only when one of them changes, not for each field change.
 */
export const FormProps = memo(
  function FormProps({ doc, api }: { doc: DesignDoc; api: DesignApi }) {
    const { t } = useTranslation(NS);
    const prints = usePrintTemplates(2);
    const form = doc.form;
    const set = (patch: Partial<FormDefinition>) =>
      api.apply((d) => ({ ...d, form: { ...d.form, ...patch } }), `form:${Object.keys(patch)[0]}`);
    return (
      <Form layout="vertical" size="small" className="lcd-props-body" data-testid="lcd-form-props">
        <Form.Item label={t('labelWidth')}>
          <InputNumber min={0} max={1000} value={form.labelWidth} onChange={(v) => set({ labelWidth: v ?? 100 })} />
        </Form.Item>
        <Form.Item label={t('labelPosition')}>
          <Select
            value={form.labelPosition}
            onChange={(v: FormDefinition['labelPosition']) => set({ labelPosition: v })}
            options={(['left', 'right', 'top'] as const).map((p) => ({ value: p, label: t(`pos.${p}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('gutter')}>
          <InputNumber min={0} max={100} value={form.gutter} onChange={(v) => set({ gutter: v ?? 15 })} />
        </Form.Item>
        <Form.Item label={t('formPopupType')}>
          <Select
            value={form.popupType}
            data-testid="lcd-form-popup-type"
            onChange={(v: FormDefinition['popupType']) => set({ popupType: v })}
            options={(['general', 'fullScreen', 'drawer'] as const).map((p) => ({ value: p, label: t(`popup.${p}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('formPopupWidth')}>
          <Input value={form.popupWidth} maxLength={20} onChange={(e) => set({ popupWidth: e.target.value })} />
        </Form.Item>
        <Form.Item label={t('printTemplate')}>
          <TreeSelect
            allowClear
            value={form.printId}
            onChange={(v?: string) => set({ printId: v || undefined })}
            treeData={(prints.data ?? []).map((c) => ({ ...c, selectable: false }))}
            fieldNames={{ label: 'fullName', value: 'id', children: 'children' }}
          />
        </Form.Item>
      </Form>
    );
  },
  (a, b) => a.api === b.api && sameProps(a.doc.form, b.doc.form),
);
