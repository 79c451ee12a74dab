import { useMemo, useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Switch, TreeSelect } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  compilePattern,
  expressionRefs,
  fieldTypeInfo,
  holdsValue,
  parseExpression,
  walkFields,
  type FormField,
  type OptionItem,
  type OptionSource,
  type RelationConfig,
} from '@medalliance/contract';
import { dataInterfaceApi } from '../../api/system.ts';
import { visualdevApi } from '../../api/visualdev.ts';
import { BillTemplateSelect } from '../../components/pickers/data/BillTemplateDialog.tsx';
import { useDictionaries } from '../../lookups/dictionaries.ts';
import { FieldTranslations } from './FieldTranslations.tsx';
import { withFields, type DesignDoc } from './history.ts';
import { NS } from './messages.ts';
import { keyProblem, updateField, type Located } from './tree.ts';
import type { DesignApi } from './useDesign.ts';

const NUMERIC = new Set(['inputNumber', 'amount', 'slider', 'rate', 'numberRange', 'calculate']);
const TEXTUAL = new Set(['input', 'textarea', 'password', 'autoComplete']);
const POPUPS = new Set(['popupSelect', 'popupTableSelect', 'autoComplete']);

/** Is `pattern` a rule the server accepts (valid, and without nested repetition that could stall it)? */
const validPattern = (p: string) => compilePattern(p) !== null;

/** The properties of one field, by its type. Each change is one undo step per property being typed. */
export function FieldProps({ doc, at, api }: { doc: DesignDoc; at: Located; api: DesignApi }) {
  const { t } = useTranslation(NS);
  const f = at.field;
  const info = fieldTypeInfo(f.type);
  const set = (patch: Partial<FormField>, prop = Object.keys(patch)[0] ?? '') =>
    api.apply((d) => withFields(d, updateField(d.form.fields, f.id, patch)), `${f.id}:${prop}`);
  const value = holdsValue(f.type) && !info.serverFilled;
  return (
    <Form layout="vertical" size="small" className="lcd-props-body" data-testid="lcd-field-props">
      <Form.Item label={t('label')}>
        <Input value={f.label} maxLength={100} onChange={(e) => set({ label: e.target.value })} data-testid="lcd-prop-label" />
      </Form.Item>
      {f.type !== 'row' && <FieldTranslations field={f} set={set} />}
      {(holdsValue(f.type) || f.type === 'table') && <KeyInput doc={doc} field={f} set={set} />}
      {!at.table && f.type !== 'tabItem' && f.type !== 'collapseItem' && (
        <Form.Item label={t('span')}>
          <InputNumber min={1} max={24} value={f.span ?? 24} onChange={(v) => set({ span: v ?? 24 })} />
        </Form.Item>
      )}
      {value && (
        <>
          <Form.Item label={t('required')}>
            <Switch checked={!!f.required} onChange={(v) => set({ required: v || undefined })} data-testid="lcd-prop-required" />
          </Form.Item>
          <Form.Item label={t('placeholder')}>
            <Input value={f.placeholder ?? ''} maxLength={200} onChange={(e) => set({ placeholder: e.target.value || undefined })} />
          </Form.Item>
          {!info.array && f.type !== 'switch' && (
            <Form.Item label={t('defaultValue')}>
              {NUMERIC.has(f.type) ? (
                <InputNumber
                  value={typeof f.defaultValue === 'number' ? f.defaultValue : null}
                  onChange={(v) => set({ defaultValue: v ?? undefined })}
                />
              ) : (
                <Input
                  value={typeof f.defaultValue === 'string' ? f.defaultValue : ''}
                  onChange={(e) => set({ defaultValue: e.target.value || undefined })}
                />
              )}
            </Form.Item>
          )}
          <Form.Item label={t('disabled')}>
            <Switch checked={!!f.disabled} onChange={(v) => set({ disabled: v || undefined })} />
          </Form.Item>
        </>
      )}
      {TEXTUAL.has(f.type) && (
        <>
          <Form.Item label={t('maxLength')}>
            <InputNumber min={1} max={100000} value={f.maxLength ?? null} onChange={(v) => set({ maxLength: v ?? undefined })} />
          </Form.Item>
          <RulesEditor rules={f.rules ?? []} onChange={(rules) => set({ rules: rules.length ? rules : undefined }, 'rules')} />
        </>
      )}
      {NUMERIC.has(f.type) && f.type !== 'calculate' && (
        <>
          <Form.Item label={t('min')}>
            <InputNumber value={f.min ?? null} onChange={(v) => set({ min: v ?? undefined })} />
          </Form.Item>
          <Form.Item label={t('max')}>
            <InputNumber value={f.max ?? null} onChange={(v) => set({ max: v ?? undefined })} />
          </Form.Item>
        </>
      )}
      {(f.type === 'inputNumber' || f.type === 'numberRange') && (
        <Form.Item label={t('precision')}>
          <InputNumber min={0} max={10} value={f.precision ?? null} onChange={(v) => set({ precision: v ?? undefined })} />
        </Form.Item>
      )}
      {(f.type === 'datePicker' || f.type === 'timePicker' || f.type === 'dateRange' || f.type === 'timeRange') && (
        <Form.Item label={t('format')}>
          <Input
            value={f.format ?? ''}
            maxLength={40}
            placeholder="YYYY-MM-DD"
            onChange={(e) => set({ format: e.target.value || undefined })}
          />
        </Form.Item>
      )}
      {info.hasOptions && <OptionsEditor field={f} set={set} />}
      {f.type === 'calculate' && <ExpressionEditor doc={doc} at={at} set={set} />}
      {f.type === 'billRule' && (
        <Form.Item label={t('billRule')}>
          <BillTemplateSelect value={f.billRule ?? null} onChange={(v) => set({ billRule: v || undefined })} />
        </Form.Item>
      )}
      {(POPUPS.has(f.type) || f.type === 'relationForm' || f.type === 'popupAttr' || f.type === 'relationFormAttr') && (
        <RelationEditor doc={doc} field={f} set={set} />
      )}
      {f.type === 'table' && <SummaryEditor field={f} set={set} />}
      {info.column === 'none' && !info.container && !['popupAttr', 'relationFormAttr'].includes(f.type) && (
        <Form.Item label={t('content')}>
          <Input.TextArea
            rows={3}
            value={f.content ?? ''}
            maxLength={10000}
            onChange={(e) => set({ content: e.target.value || undefined })}
          />
        </Form.Item>
      )}
      {f.type === 'link' && (
        <Form.Item label={t('href')}>
          <Input value={f.href ?? ''} maxLength={2000} onChange={(e) => set({ href: e.target.value || undefined })} />
        </Form.Item>
      )}
      {(f.type === 'tab' || f.type === 'collapse') && (
        <Button
          icon={<PlusOutlined />}
          onClick={() => {
            const item = f.type === 'tab' ? 'tabItem' : 'collapseItem';
            const n = (f.children?.length ?? 0) + 1;
            set(
              {
                children: [
                  ...(f.children ?? []),
                  { id: `${f.id}_${Date.now().toString(36)}`, type: item, label: `${f.label} ${n}`, children: [] },
                ],
              },
              `items${n}`,
            );
          }}
        >
          {t('addItem')}
        </Button>
      )}
    </Form>
  );
}

type Setter = (patch: Partial<FormField>, prop?: string) => void;

/**
 * The data key, checked against the key rule and the other keys of its scope; a
 * bad key is shown, not saved. What is typed is kept per field: selecting another
 * field shows that field's key (the input stays mounted).
 */
function KeyInput({ doc, field, set }: { doc: DesignDoc; field: FormField; set: Setter }) {
  const { t } = useTranslation(NS);
  const [draft, setDraft] = useState({ id: field.id, text: field.field ?? '' });
  const text = draft.id === field.id ? draft.text : (field.field ?? '');
  const problem = keyProblem(doc.form.fields, field.id, text);
  return (
    <Form.Item label={t('fieldKey')} validateStatus={problem ? 'error' : undefined} help={problem ? t(`key.${problem}`) : undefined}>
      <Input
        value={text}
        maxLength={40}
        data-testid="lcd-prop-key"
        onChange={(e) => {
          const next = e.target.value.trim();
          setDraft({ id: field.id, text: next });
          if (!keyProblem(doc.form.fields, field.id, next))
            set(field.type === 'table' ? { field: next, tableName: next } : { field: next }, 'field');
        }}
      />
    </Form.Item>
  );
}

function RulesEditor({
  rules,
  onChange,
}: {
  rules: { pattern: string; message: string }[];
  onChange: (r: { pattern: string; message: string }[]) => void;
}) {
  const { t } = useTranslation(NS);
  const patch = (i: number, p: Partial<{ pattern: string; message: string }>) =>
    onChange(rules.map((r, j) => (j === i ? { ...r, ...p } : r)));
  return (
    <Form.Item label={t('rules')}>
      {rules.map((r, i) => (
        <div key={i} className="lcd-props-row">
          <Input
            placeholder={t('rulePattern')}
            value={r.pattern}
            status={validPattern(r.pattern) ? undefined : 'error'}
            title={validPattern(r.pattern) ? undefined : t('badPattern')}
            onChange={(e) => patch(i, { pattern: e.target.value })}
          />
          <Input placeholder={t('ruleMessage')} value={r.message} onChange={(e) => patch(i, { message: e.target.value })} />
          <Button
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('delete')}
            onClick={() => onChange(rules.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => onChange([...rules, { pattern: '', message: '' }])}>
        {t('addRule')}
      </Button>
    </Form.Item>
  );
}

function OptionsEditor({ field, set }: { field: FormField; set: Setter }) {
  const { t } = useTranslation(NS);
  const dictionaries = useDictionaries();
  const interfaces = useQuery({
    queryKey: ['lcDesigner', 'interfaces'],
    queryFn: async () => (await dataInterfaceApi.selector()).data,
    staleTime: 60_000,
  });
  const opts: OptionSource = field.options ?? { source: 'static', items: [] };
  const setOpts = (p: Partial<OptionSource>, prop = 'options') => set({ options: { ...opts, ...p } }, prop);
  const items = opts.items ?? [];
  const setItem = (i: number, p: Partial<OptionItem>) =>
    setOpts({ items: items.map((it, j) => (j === i ? { ...it, ...p } : it)) }, `opt${i}`);
  return (
    <>
      {field.type !== 'dicSelect' && (
        <Form.Item label={t('optionsSource')}>
          <Select
            value={opts.source}
            onChange={(source) => setOpts({ source }, 'source')}
            options={(['static', 'dictionary', 'interface'] as const).map((s) => ({ value: s, label: t(`source.${s}`) }))}
          />
        </Form.Item>
      )}
      {['select', 'treeSelect', 'dicSelect', 'cascader'].includes(field.type) && (
        <Form.Item label={t('multiple')}>
          <Switch checked={!!field.multiple} onChange={(v) => set({ multiple: v || undefined })} />
        </Form.Item>
      )}
      {opts.source === 'static' && (
        <Form.Item label={t('optionsSource')}>
          {items.map((it, i) => (
            <div key={i} className="lcd-props-row">
              <Input placeholder={t('optionValue')} value={it.id} onChange={(e) => setItem(i, { id: e.target.value })} />
              <Input placeholder={t('optionLabel')} value={it.fullName} onChange={(e) => setItem(i, { fullName: e.target.value })} />
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('delete')}
                onClick={() => setOpts({ items: items.filter((_, j) => j !== i) }, 'items')}
              />
            </div>
          ))}
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => setOpts({ items: [...items, { id: String(items.length + 1), fullName: '' }] }, `add${items.length}`)}
          >
            {t('addOption')}
          </Button>
        </Form.Item>
      )}
      {opts.source === 'dictionary' && (
        <Form.Item label={t('dictionaryType')}>
          <Select
            showSearch
            optionFilterProp="label"
            data-testid="lcd-prop-dictionary"
            loading={dictionaries.isLoading}
            value={opts.dictionaryType || undefined}
            onChange={(v: string) => setOpts({ dictionaryType: v }, 'dictionaryType')}
            options={(dictionaries.data?.list ?? []).map((d) => ({ value: d.enCode, label: `${d.fullName} (${d.enCode})` }))}
          />
        </Form.Item>
      )}
      {opts.source === 'interface' && (
        <>
          <Form.Item label={t('dataInterface')}>
            <TreeSelect
              showSearch
              treeNodeFilterProp="fullName"
              value={opts.interfaceId || undefined}
              onChange={(v: string) => setOpts({ interfaceId: v }, 'interfaceId')}
              treeData={interfaces.data ?? []}
              fieldNames={{ label: 'fullName', value: 'id', children: 'children' }}
            />
          </Form.Item>
          <Form.Item label={t('valueKey')}>
            <Input value={opts.valueKey ?? ''} onChange={(e) => setOpts({ valueKey: e.target.value || undefined }, 'valueKey')} />
          </Form.Item>
          <Form.Item label={t('labelKey')}>
            <Input value={opts.labelKey ?? ''} onChange={(e) => setOpts({ labelKey: e.target.value || undefined }, 'labelKey')} />
          </Form.Item>
        </>
      )}
    </>
  );
}

/** The calculate expression with the contract's own parser: valid shape, and every reference a numeric field. */
function ExpressionEditor({ doc, at, set }: { doc: DesignDoc; at: Located; set: Setter }) {
  const { t } = useTranslation(NS);
  const expr = at.field.expression ?? '';
  const numeric = useMemo(() => {
    const out: string[] = [];
    for (const { field, table } of walkFields(doc.form.fields)) {
      if (!field.field || field.id === at.field.id || !NUMERIC.has(field.type)) continue;
      // A field of this row's own sub-table, or a whole sub-table column (summed) from the main form.
      out.push(table ? `${table.field}.${field.field}` : field.field);
    }
    return out;
  }, [doc.form.fields, at.field.id]);
  const node = expr ? parseExpression(expr) : null;
  const unknown = node
    ? expressionRefs(node)
        .map((r) => (r.table ? `${r.table}.${r.field}` : r.field))
        .filter((r) => !numeric.includes(r) && !numeric.some((n) => n.endsWith(`.${r}`) && at.table))
    : [];
  const status = !expr
    ? null
    : !node
      ? t('expressionBad')
      : unknown.length
        ? t('expressionUnknown', { fields: unknown.join(', ') })
        : t('expressionOk');
  const bad = !!expr && (!node || unknown.length > 0);
  return (
    <Form.Item label={t('expression')} validateStatus={bad ? 'error' : expr ? 'success' : undefined} help={status ?? t('expressionHint')}>
      <Input.TextArea
        rows={2}
        value={expr}
        maxLength={2000}
        data-testid="lcd-prop-expression"
        onChange={(e) => set({ expression: e.target.value || undefined })}
      />
      <Select
        size="small"
        style={{ marginTop: 4, width: '100%' }}
        placeholder={t('insertField')}
        value={null}
        onChange={(v: string) => set({ expression: `${expr}${expr && !/[-+*/×÷(]\s*$/.test(expr) ? ' + ' : ''}${v}` })}
        options={numeric.map((n) => ({ value: n, label: n }))}
      />
    </Form.Item>
  );
}

function RelationEditor({ doc, field, set }: { doc: DesignDoc; field: FormField; set: Setter }) {
  const { t } = useTranslation(NS);
  const rel: RelationConfig = field.relation ?? {};
  const setRel = (p: Partial<RelationConfig>, prop: string) => set({ relation: { ...rel, ...p } }, prop);
  const isAttr = field.type === 'popupAttr' || field.type === 'relationFormAttr';
  const models = useQuery({
    queryKey: ['lcDesigner', 'models'],
    queryFn: async () => (await visualdevApi.selector()).data.list,
    enabled: field.type === 'relationForm',
    staleTime: 60_000,
  });
  const modelFields = useQuery({
    queryKey: ['lcDesigner', 'modelFields', rel.modelId],
    queryFn: async () => (await visualdevApi.formDataFields(rel.modelId!)).data.list,
    enabled: field.type === 'relationForm' && !!rel.modelId,
  });
  const interfaces = useQuery({
    queryKey: ['lcDesigner', 'interfaces'],
    queryFn: async () => (await dataInterfaceApi.selector()).data,
    enabled: POPUPS.has(field.type),
    staleTime: 60_000,
  });
  if (isAttr) {
    const sourceType = field.type === 'popupAttr' ? ['popupSelect', 'popupTableSelect'] : ['relationForm'];
    const sources = [...walkFields(doc.form.fields)]
      .filter(({ field: s }) => sourceType.includes(s.type) && s.field)
      .map(({ field: s }) => s);
    return (
      <>
        <Form.Item label={t('sourceField')}>
          <Select
            value={rel.source}
            onChange={(v: string) => setRel({ source: v }, 'source')}
            options={sources.map((s) => ({ value: s.field!, label: `${s.label} (${s.field})` }))}
          />
        </Form.Item>
        <Form.Item label={t('attr')}>
          <Input value={rel.attr ?? ''} onChange={(e) => setRel({ attr: e.target.value || undefined }, 'attr')} />
        </Form.Item>
      </>
    );
  }
  return (
    <>
      {field.type === 'relationForm' ? (
        <>
          <Form.Item label={t('relationModel')}>
            <TreeSelect
              showSearch
              treeNodeFilterProp="fullName"
              value={rel.modelId}
              onChange={(v: string) => setRel({ modelId: v, labelKey: undefined }, 'modelId')}
              treeData={(models.data ?? []).map((c) => ({ ...c, selectable: false }))}
              fieldNames={{ label: 'fullName', value: 'id', children: 'children' }}
            />
          </Form.Item>
          <Form.Item label={t('relationField')}>
            <Select
              value={rel.labelKey}
              onChange={(v: string) => setRel({ labelKey: v }, 'labelKey')}
              options={(modelFields.data ?? []).map((m) => ({ value: m.field, label: `${m.label} (${m.field})` }))}
            />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item label={t('dataInterface')}>
            <TreeSelect
              showSearch
              treeNodeFilterProp="fullName"
              value={rel.interfaceId}
              onChange={(v: string) => setRel({ interfaceId: v }, 'interfaceId')}
              treeData={interfaces.data ?? []}
              fieldNames={{ label: 'fullName', value: 'id', children: 'children' }}
            />
          </Form.Item>
          <Form.Item label={t('valueKey')}>
            <Input value={rel.valueKey ?? ''} onChange={(e) => setRel({ valueKey: e.target.value || undefined }, 'valueKey')} />
          </Form.Item>
          <Form.Item label={t('labelKey')}>
            <Input value={rel.labelKey ?? ''} onChange={(e) => setRel({ labelKey: e.target.value || undefined }, 'labelKey')} />
          </Form.Item>
          <Form.Item label={t('popupType')}>
            <Select
              value={rel.popupType ?? 'dialog'}
              onChange={(v: 'dialog' | 'drawer') => setRel({ popupType: v }, 'popupType')}
              options={[
                { value: 'dialog', label: t('popup.dialog') },
                { value: 'drawer', label: t('popup.drawer') },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('popupTitle')}>
            <Input
              value={rel.popupTitle ?? ''}
              maxLength={100}
              onChange={(e) => setRel({ popupTitle: e.target.value || undefined }, 'popupTitle')}
            />
          </Form.Item>
          <Form.Item label={t('popupWidth')}>
            <Input
              value={rel.popupWidth ?? ''}
              maxLength={20}
              placeholder="800px"
              onChange={(e) => setRel({ popupWidth: e.target.value || undefined }, 'popupWidth')}
            />
          </Form.Item>
        </>
      )}
      <Form.Item label={t('pageSize')}>
        <InputNumber min={1} max={500} value={rel.pageSize ?? 20} onChange={(v) => setRel({ pageSize: v ?? undefined }, 'pageSize')} />
      </Form.Item>
    </>
  );
}

function SummaryEditor({ field, set }: { field: FormField; set: Setter }) {
  const { t } = useTranslation(NS);
  const numeric = (field.children ?? []).filter((c) => c.field && NUMERIC.has(c.type));
  return (
    <Form.Item label={t('summary')}>
      <Select
        mode="multiple"
        value={field.summary ?? []}
        onChange={(v: string[]) => set({ summary: v.length ? v : undefined })}
        options={numeric.map((c) => ({ value: c.field!, label: `${c.label} (${c.field})` }))}
      />
    </Form.Item>
  );
}
