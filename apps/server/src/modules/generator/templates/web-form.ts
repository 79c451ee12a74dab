import type { GenField, GenModel, GenSubTable } from '../spec.ts';
import { inputFields, lines, numeric, str } from './code.ts';
import { dictionaryHooks, dictVar, displayExpr, optionsVar } from './web-support.ts';

/** The control of one field (antd), inside a Form.Item. */
function control(f: GenField, owner: string): string {
  const opts = f.dictionary
    ? `${dictVar(f, owner)}.flat.map((d) => ({ value: d.id, label: d.fullName }))`
    : f.options
      ? optionsVar(f, owner)
      : null;
  if (opts) return `<Select allowClear${f.array ? ' mode="multiple"' : ''} options={${opts}} />`;
  if (f.array) return `<Select mode="tags" allowClear />`;
  if (f.type === 'switch') return `<Switch />`;
  if (f.kind === 'datetime') return `<DatePicker style={{ width: '100%' }} format={${str(f.format ?? 'YYYY-MM-DD')}} />`;
  if (numeric(f)) {
    const attrs = [f.min !== undefined && `min={${f.min}}`, f.max !== undefined && `max={${f.max}}`, f.integer && 'precision={0}'].filter(
      Boolean,
    );
    return `<InputNumber style={{ width: '100%' }}${attrs.length ? ` ${attrs.join(' ')}` : ''} />`;
  }
  if (f.kind === 'text') return `<Input.TextArea rows={3} maxLength={100000} />`;
  return `<Input maxLength={${f.length ?? 255}} />`;
}

/** Form.Item props that turn a stored value into the control's and back (dates, switches). */
function valueProps(f: GenField): string {
  if (f.array) return '';
  if (f.type === 'switch')
    return ` valuePropName="checked" getValueProps={(v: number | null) => ({ checked: v === 1 })} normalize={(v: boolean) => (v ? 1 : 0)}`;
  if (f.kind === 'datetime')
    return ` getValueProps={(v: number | null) => ({ value: v === null || v === undefined ? null : dayjs(v) })} normalize={(d: Dayjs | null) => (d ? d.valueOf() : null)}`;
  return '';
}

const item = (f: GenField, label: string, name: string, indent: string) =>
  lines(
    `${indent}<Form.Item name=${name} label={${label}}${f.required ? ` rules={[{ required: true, message: t('required', { name: ${label} }) }]}` : ''}${valueProps(f)}>`,
    `${indent}  ${control(f, '')}`,
    `${indent}</Form.Item>`,
  );

function subTable(s: GenSubTable): string {
  const fields = inputFields(s.fields);
  return lines(
    `      <Form.List name=${str(s.prop)}>`,
    `        {(rows, { add, remove }) => (`,
    `          <div className=${str(`ma-gen-subtable`)}>`,
    `            <div style={{ fontWeight: 600, margin: '8px 0' }}>{t(${str(`table.${s.prop}`)})}</div>`,
    `            {rows.map((row) => (`,
    `              <Space key={row.key} align="start" wrap>`,
    ...fields.map((f) =>
      lines(
        `                <Form.Item name={[row.name, ${str(f.prop)}]} label={t(${str(`field.${s.prop}.${f.prop}`)})}${
          f.required ? ` rules={[{ required: true, message: t('required', { name: t(${str(`field.${s.prop}.${f.prop}`)}) }) }]}` : ''
        }${valueProps(f)}>`,
        `                  ${control(f, s.prop)}`,
        `                </Form.Item>`,
      ),
    ),
    `                <Button type="link" danger onClick={() => remove(row.name)}>`,
    `                  {t('removeRow')}`,
    `                </Button>`,
    `              </Space>`,
    `            ))}`,
    `            <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({})}>`,
    `              {t('addRow')}`,
    `            </Button>`,
    `          </div>`,
    `        )}`,
    `      </Form.List>`,
  );
}

/** apps/web/src/features/<area>/<module>/<Module>FormModal.tsx: the add / edit dialog. */
export function webFormFile(m: GenModel): string {
  const { camel, pascal } = m.names;
  const fields = inputFields(m.fields);
  const subFields = m.subTables.flatMap((s) => inputFields(s.fields).map((f) => ({ f, owner: s.prop })));
  const all = [...fields.map((f) => ({ f, owner: '' })), ...subFields];
  const usesDate = all.some(({ f }) => f.kind === 'datetime' && !f.array);
  const antd = [
    'Form',
    all.some(({ f }) => f.kind === 'datetime' && !f.array) && 'DatePicker',
    'Input',
    all.some(({ f }) => numeric(f) && f.type !== 'switch' && f.kind !== 'datetime' && !f.options && !f.array) && 'InputNumber',
    all.some(({ f }) => f.array || f.options || f.dictionary) && 'Select',
    all.some(({ f }) => f.type === 'switch') && 'Switch',
    m.subTables.length > 0 && 'Button',
    m.subTables.length > 0 && 'Space',
  ].filter(Boolean);
  const optionImports = all.filter(({ f }) => f.options && !f.dictionary).map(({ f, owner }) => optionsVar(f, owner));
  const dicts = all.filter(({ f }) => f.dictionary);
  return lines(
    `import { useEffect } from 'react';`,
    `import { ${[...antd].sort().join(', ')} } from 'antd';`,
    m.subTables.length > 0 && `import { PlusOutlined } from '@ant-design/icons';`,
    usesDate && `import dayjs, { type Dayjs } from 'dayjs';`,
    `import { useTranslation } from 'react-i18next';`,
    `import type { ${pascal}Input } from '@medalliance/contract';`,
    `import { ${camel}Api } from '../../../api/${camel}.ts';`,
    dicts.length > 0 && `import { useDictionary } from '../../../lookups/dictionaries.ts';`,
    `import { FormModal } from '../../system/common/FormModal.tsx';`,
    optionImports.length > 0 && `import { ${[...new Set(optionImports)].join(', ')} } from './fields.ts';`,
    `import { NS } from './messages.ts';`,
    ``,
    `interface Props {`,
    `  /** The record being edited; null for a new one. */`,
    `  editingId: string | null;`,
    `  onClose: () => void;`,
    `  onSaved: () => void;`,
    `}`,
    ``,
    `/** Adds or edits one ${camel} record (with its sub-table rows); the server fills the computed fields. */`,
    `export function ${pascal}FormModal({ editingId, onClose, onSaved }: Props) {`,
    `  const { t } = useTranslation(NS);`,
    `  const [form] = Form.useForm<${pascal}Input>();`,
    ...dictionaryHooks(
      dicts.map(({ f }) => f),
      '',
    ).map((line, i) => line.replace(/const (\w+) =/, `const ${dictVar(dicts[i]!.f, dicts[i]!.owner)} =`)),
    ``,
    `  useEffect(() => {`,
    `    if (editingId) void ${camel}Api.get(editingId).then((res) => form.setFieldsValue(res.data as unknown as ${pascal}Input));`,
    `  }, [editingId, form]);`,
    ``,
    `  return (`,
    `    <FormModal<${pascal}Input>`,
    `      open`,
    `      form={form}`,
    `      title={editingId ? t('edit') : t('add')}`,
    `      width={${m.subTables.length ? 900 : 640}}`,
    `      onClose={onClose}`,
    `      testId=${str(`ma-${m.names.kebab}-modal`)}`,
    `      onSubmit={async (values) => {`,
    `        if (editingId) await ${camel}Api.update(editingId, values);`,
    `        else await ${camel}Api.create(values);`,
    `        onSaved();`,
    `      }}`,
    `    >`,
    ...fields.map((f) => item(f, `t(${str(`field.${f.prop}`)})`, str(f.prop), '      ')),
    ...m.subTables.filter((s) => inputFields(s.fields).length).map(subTable),
    `    </FormModal>`,
    `  );`,
    `}`,
    ``,
  );
}

export { displayExpr };
