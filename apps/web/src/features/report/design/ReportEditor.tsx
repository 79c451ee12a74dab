import { useEffect, useMemo, useState } from 'react';
import { Button, Col, Empty, Form, Input, Modal, Row, Select, Spin, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { reportDefinition, type ReportDefinition, type ReportSource } from '@medalliance/contract';
import { reportApi } from '../../../api/report.ts';
import { toast } from '../../../app/feedback.ts';
import { useDictionary } from '../../../lookups/dictionaries.ts';
import { NS } from '../messages.ts';
import { ReportView } from '../view/ReportView.tsx';
import { ChartsPane } from './ChartsPane.tsx';
import { ColumnsPane } from './ColumnsPane.tsx';
import { emptyDraft, type Draft } from './draft.ts';
import { GroupingPane } from './GroupingPane.tsx';
import { ParamsPane } from './ParamsPane.tsx';
import { SourcePane } from './SourcePane.tsx';

const CATEGORY_DICTIONARY = 'visualDevCategory';

const sourceId = (s: ReportSource) => (s.kind === 'model' ? s.modelId : s.interfaceId);

/** The definition a moment after the last change, so the preview does not run on every keystroke. */
function useSettled<T>(value: T, ms = 500): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The report designer: basics and data source, columns, filters, grouping and
 * header groups, charts, with a live preview of the draft run on the server.
 */
export default function ReportEditor({ id, onClose, onSaved }: { id: string | null; onClose: () => void; onSaved: (id: string) => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Pick<Draft, 'fullName' | 'enCode' | 'category' | 'description'>>();
  const [draft, setDraft] = useState<Draft | null>(id ? null : emptyDraft());
  const [currentId, setCurrentId] = useState(id);
  const [tab, setTab] = useState('basic');
  const [busy, setBusy] = useState(false);
  const categories = useDictionary(CATEGORY_DICTIONARY);
  const info = useQuery({
    queryKey: ['report', 'info', id],
    queryFn: async () => (await reportApi.info(id!)).data,
    enabled: !!id,
    gcTime: 0,
  });
  useEffect(() => {
    if (!info.data || draft) return;
    const d = info.data;
    setDraft({
      fullName: d.fullName,
      enCode: d.enCode,
      category: d.category,
      description: d.description,
      definition: d.definition as Draft['definition'],
    });
    form.setFieldsValue({ fullName: d.fullName, enCode: d.enCode, category: d.category || undefined, description: d.description });
  }, [info.data, draft, form]);

  const source = draft?.definition.source;
  const fields = useQuery({
    queryKey: ['report', 'fields', source],
    queryFn: async () => (await reportApi.sourceFields(source!)).data.list,
    enabled: !!source && !!sourceId(source),
    staleTime: 60_000,
  });
  const def = draft?.definition;
  const setDef = (d: Draft['definition']) => setDraft((x) => (x ? { ...x, definition: d } : x));

  const settled = useSettled(def);
  const parsed = useMemo(() => (settled ? reportDefinition.safeParse(settled) : null), [settled]);
  const previewKey = useMemo(() => JSON.stringify(settled ?? null), [settled]);

  const save = async () => {
    let basics;
    try {
      basics = await form.validateFields();
    } catch {
      setTab('basic');
      return;
    }
    if (!draft) return;
    setBusy(true);
    try {
      const body = { ...basics, category: basics.category ?? '', description: basics.description ?? '', definition: draft.definition };
      let saved = currentId;
      if (currentId) await reportApi.update(currentId, body);
      else saved = (await reportApi.create(body)).data.id;
      setCurrentId(saved);
      toast.success(t('saved'));
      onSaved(saved!);
    } finally {
      setBusy(false);
    }
  };

  const tabs = def && [
    {
      key: 'basic',
      label: t('tab.basic'),
      forceRender: true,
      children: (
        <>
          <Form form={form} layout="vertical" data-testid="rd-basic-form">
            <Form.Item
              name="fullName"
              label={t('fullName')}
              rules={[{ required: true, whitespace: true, max: 100, message: t('required') }]}
            >
              <Input maxLength={100} data-testid="rd-name" />
            </Form.Item>
            <Form.Item
              name="enCode"
              label={t('enCode')}
              rules={[{ required: true, pattern: /^[A-Za-z][A-Za-z0-9_]{0,49}$/, message: t('enCodeRule') }]}
            >
              <Input maxLength={50} data-testid="rd-code" />
            </Form.Item>
            <Form.Item name="category" label={t('category')}>
              <Select
                allowClear
                loading={categories.isLoading}
                options={categories.flat.map((c) => ({ value: c.enCode, label: c.fullName }))}
              />
            </Form.Item>
            <Form.Item name="description" label={t('description')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Form>
          <div className="ant-form-item-label">
            <label>{t('source')}</label>
          </div>
          <SourcePane value={def.source} onChange={(s) => setDef({ ...emptyDraft().definition, source: s, pageSize: def.pageSize })} />
        </>
      ),
    },
    { key: 'columns', label: t('tab.columns'), children: <ColumnsPane def={def} fields={fields.data ?? []} onChange={setDef} /> },
    { key: 'params', label: t('tab.params'), children: <ParamsPane def={def} fields={fields.data ?? []} onChange={setDef} /> },
    { key: 'grouping', label: t('tab.grouping'), children: <GroupingPane def={def} onChange={setDef} /> },
    { key: 'charts', label: t('tab.charts'), children: <ChartsPane def={def} onChange={setDef} /> },
  ];

  return (
    <Modal
      open
      width="96vw"
      style={{ top: 16 }}
      title={t('editTitle')}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose} data-testid="rd-close">
          {t('close')}
        </Button>,
        <Button key="save" type="primary" loading={busy} onClick={() => void save()} data-testid="rd-save">
          {t('save')}
        </Button>,
      ]}
    >
      {!def ? (
        <Spin style={{ display: 'block', margin: '80px auto' }} />
      ) : (
        <Row gutter={16} data-testid="rd-editor" style={{ height: 'calc(100vh - 170px)' }}>
          <Col span={11} style={{ height: '100%', overflow: 'auto' }}>
            <Tabs activeKey={tab} onChange={setTab} items={tabs!} />
          </Col>
          <Col span={13} style={{ height: '100%', overflow: 'auto', borderLeft: '1px solid #f0f0f0' }} data-testid="rd-preview">
            {parsed?.success && sourceId(parsed.data.source) ? (
              <ReportView
                key={previewKey}
                title={`${t('preview')} · ${form.getFieldValue('fullName') || ''}`}
                definition={parsed.data as ReportDefinition}
                defaults={{}}
                queryKey={['preview', previewKey]}
                run={async (input) => (await reportApi.preview(parsed.data, input)).data}
                testId="rd-preview-view"
              />
            ) : (
              <Empty style={{ marginTop: 80 }} description={t('previewHint')} />
            )}
          </Col>
        </Row>
      )}
    </Modal>
  );
}
