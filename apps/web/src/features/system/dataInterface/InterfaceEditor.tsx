import { useEffect, useRef, useState } from 'react';
import { Button, Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Spin, Tabs, Tag, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InterfaceParamDef } from '@medalliance/contract';
import { dataInterfaceApi, type DataInterfaceForm } from '../../../api/system.ts';
import { toast } from '../../../app/feedback.ts';
import { DictionarySelect } from '../../../components/pickers/data/DictionarySelect.tsx';
import { DescriptionField, EnCodeField, EnabledMarkField, FullNameField, SortCodeField } from '../common/recordFields.tsx';
import { NS } from '../messages.ts';
import { BUILTIN_PARAMS, emptyForm, formatJson, fromForm, INTERFACE_KINDS, toForm } from './interfaceForm.ts';
import { KeyValueEditor, ParamsEditor } from './ParamsEditor.tsx';
import { TestPanel } from './TestPanel.tsx';

export const CATEGORY_DICTIONARY = 'dataInterfaceCategory';

interface Props {
  /** The interface to edit, or null for a new one. */
  id: string | null;
  categoryId?: string;
  /** Open on the test tab. */
  startOnTest?: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The data-interface editor: basics, the data source of the chosen kind (SQL
 * with its built-in parameters, static JSON, or an HTTP API with method,
 * headers and parameters), the declared parameters, and a test tab that runs
 * the saved interface and shows its rows or its error.
 */
export function InterfaceEditor({ id, categoryId, startOnTest, onClose, onSaved }: Props) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<DataInterfaceForm>();
  const [savedId, setSavedId] = useState<string | undefined>(id ?? undefined);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState(startOnTest ? 'test' : 'basic');
  const [params, setParams] = useState<InterfaceParamDef[]>([]);
  const sqlRef = useRef<TextAreaRef>(null);

  const loaded = useQuery({
    queryKey: ['system', 'dataInterface', 'one', id],
    queryFn: async () => (await dataInterfaceApi.get(id!)).data,
    enabled: !!id,
    gcTime: 0,
  });
  useEffect(() => {
    if (loaded.data) {
      form.setFieldsValue(toForm(loaded.data));
      setParams(loaded.data.parameterJson ?? []);
    }
  }, [loaded.data, form]);

  const dataType = (Form.useWatch('dataType', form) ?? 1) as number;

  const save = async (): Promise<string | undefined> => {
    let values: DataInterfaceForm;
    try {
      values = await form.validateFields({ validateOnly: false });
    } catch (err) {
      const first = (err as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name?.[0];
      if (first === 'query' || first === 'path') setTab('source');
      else if (first === 'parameterJson') setTab('params');
      else setTab('basic');
      return undefined;
    }
    const body = fromForm({ ...form.getFieldsValue(true), ...values });
    setSaving(true);
    try {
      let newId = savedId;
      if (savedId) await dataInterfaceApi.update(savedId, body);
      else newId = (await dataInterfaceApi.create(body)).data.id;
      setSavedId(newId);
      setDirty(false);
      setParams(body.parameterJson);
      toast.success(t('saved'));
      onSaved();
      return newId;
    } catch {
      return undefined;
    } finally {
      setSaving(false);
    }
  };

  const insertAtCursor = (text: string) => {
    const el = sqlRef.current?.resizableTextArea?.textArea;
    const current = String(form.getFieldValue('query') ?? '');
    const start = el?.selectionStart ?? current.length;
    const end = el?.selectionEnd ?? current.length;
    form.setFieldValue('query', current.slice(0, start) + text + current.slice(end));
    setDirty(true);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const basic = (
    <Row gutter={16}>
      <Col span={12}>
        <FullNameField label={t('di.name')} />
      </Col>
      <Col span={12}>
        <EnCodeField label={t('di.code')} />
      </Col>
      <Col span={12}>
        <Form.Item name="categoryId" label={t('category')} rules={[{ required: true, message: t('selectCategory') }]}>
          <DictionarySelect dictionaryType={CATEGORY_DICTIONARY} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="dataType" label={t('di.kind')} rules={[{ required: true }]}>
          <Radio.Group
            optionType="button"
            options={[
              { value: INTERFACE_KINDS.sql, label: t('di.kind.1') },
              { value: INTERFACE_KINDS.static, label: t('di.kind.2') },
              { value: INTERFACE_KINDS.api, label: t('di.kind.3') },
            ]}
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="timeoutMs" label={t('di.timeout')} extra={t('di.timeoutHint')}>
          <InputNumber min={100} max={60_000} step={500} precision={0} style={{ width: '100%' }} suffix="ms" />
        </Form.Item>
      </Col>
      <Col span={6}>
        <SortCodeField />
      </Col>
      <Col span={6}>
        <EnabledMarkField />
      </Col>
      <Col span={24}>
        <DescriptionField />
      </Col>
    </Row>
  );

  const source =
    dataType === INTERFACE_KINDS.sql ? (
      <>
        <Form.Item
          name="query"
          label={t('di.sql')}
          rules={[{ required: true, whitespace: true, message: t('required', { name: t('di.sql') }) }]}
          extra={t('di.sqlHint')}
        >
          <Input.TextArea
            ref={sqlRef}
            className="ma-sys-code"
            autoSize={{ minRows: 12, maxRows: 22 }}
            spellCheck={false}
            data-testid="ma-di-sql"
          />
        </Form.Item>
        <div className="ma-di-builtins">
          <span className="ma-sys-hint">{t('di.builtins')}</span>
          {BUILTIN_PARAMS.map((b) => (
            <Tooltip key={b} title={t(`di.builtin.${b.slice(1)}`)}>
              <Tag onClick={() => insertAtCursor(b)}>{b}</Tag>
            </Tooltip>
          ))}
        </div>
      </>
    ) : dataType === INTERFACE_KINDS.static ? (
      <Form.Item
        name="query"
        label={
          <span>
            {t('di.staticJson')}{' '}
            <Button
              type="link"
              size="small"
              onClick={() => {
                const pretty = formatJson(String(form.getFieldValue('query') ?? ''));
                if (pretty === null) toast.error(t('di.badJson'));
                else {
                  form.setFieldValue('query', pretty);
                  setDirty(true);
                }
              }}
            >
              {t('di.formatJson')}
            </Button>
          </span>
        }
        rules={[
          {
            validator: async (_, v: string) => {
              const parsed = formatJson(String(v ?? ''));
              if (parsed === null) throw new Error(t('di.badJson'));
              const value: unknown = JSON.parse(v);
              if (!value || typeof value !== 'object') throw new Error(t('di.badJson'));
            },
          },
        ]}
        extra={t('di.staticHint')}
      >
        <Input.TextArea className="ma-sys-code" autoSize={{ minRows: 12, maxRows: 22 }} spellCheck={false} />
      </Form.Item>
    ) : (
      <>
        <Row gutter={12}>
          <Col flex="120px">
            <Form.Item name="requestMethod" label={t('di.method')}>
              <Select
                options={[
                  { value: 'GET', label: 'GET' },
                  { value: 'POST', label: 'POST' },
                ]}
              />
            </Form.Item>
          </Col>
          <Col flex="auto">
            <Form.Item
              name="path"
              label={t('di.url')}
              rules={[
                { required: true, message: t('required', { name: t('di.url') }) },
                { pattern: /^https?:\/\/\S+$/i, message: t('di.urlRule') },
              ]}
              extra={t('di.urlHint')}
            >
              <Input placeholder="https://api.example.com/items?city={city}" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={12}>
            <div className="ma-sys-main-title" style={{ margin: '4px 0 8px' }}>
              {t('di.headers')}
            </div>
            <KeyValueEditor name="requestHeaders" valueHint={t('di.valueHint')} />
          </Col>
          <Col span={12}>
            <div className="ma-sys-main-title" style={{ margin: '4px 0 8px' }}>
              {t('di.requestParams')}
            </div>
            <KeyValueEditor name="requestParameters" valueHint={t('di.valueHint')} />
          </Col>
        </Row>
        <Form.Item
          name="responsePath"
          label={t('di.responsePath')}
          extra={t('di.responsePathHint')}
          style={{ marginTop: 16 }}
          rules={[{ pattern: /^[A-Za-z0-9_.]*$/, message: t('di.fieldRule') }]}
        >
          <Input placeholder="data.list" style={{ maxWidth: 320 }} />
        </Form.Item>
      </>
    );

  return (
    <Modal
      open
      width={1100}
      style={{ top: 32 }}
      title={id ? t('di.edit') : t('di.add')}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      className="ma-di-editor"
      footer={
        <>
          <Button onClick={onClose}>{t('close')}</Button>
          <Button type="primary" loading={saving} htmlType="submit" form="ma-di-form" data-testid="ma-di-save">
            {t('save')}
          </Button>
        </>
      }
    >
      {id && loaded.isLoading ? (
        <div className="ma-sys-center">
          <Spin />
        </div>
      ) : (
        <Form<DataInterfaceForm>
          id="ma-di-form"
          form={form}
          layout="vertical"
          initialValues={emptyForm(categoryId)}
          onValuesChange={() => setDirty(true)}
          onFinish={() => void save()}
        >
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              { key: 'basic', label: t('di.tabBasic'), children: basic, forceRender: true },
              { key: 'source', label: t('di.tabSource'), children: source, forceRender: true },
              {
                key: 'params',
                label: t('di.tabParams'),
                children: <ParamsEditor source={dataType === INTERFACE_KINDS.api ? 'path' : 'query'} />,
                forceRender: true,
              },
              {
                key: 'test',
                label: t('di.tabTest'),
                children: (
                  <TestPanel
                    interfaceId={savedId}
                    params={dirty ? ((form.getFieldValue('parameterJson') ?? []) as InterfaceParamDef[]) : params}
                    dirty={dirty}
                    save={save}
                  />
                ),
              },
            ]}
          />
        </Form>
      )}
    </Modal>
  );
}
