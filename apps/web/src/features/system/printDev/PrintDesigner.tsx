import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Col, Empty, Form, Input, Modal, Radio, Row, Segmented, Space, Spin, Tabs, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EyeOutlined, PlusOutlined, SyncOutlined, TableOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../api/http.ts';
import { printDevApi, type PrintField, type PrintTemplateForm } from '../../../api/system.ts';
import { toast } from '../../../app/feedback.ts';
import { DictionarySelect } from '../../../components/pickers/data/DictionarySelect.tsx';
import { useLanguage } from '../../../i18n/index.ts';
import { DescriptionField, EnCodeField, EnabledMarkField, FullNameField, SortCodeField } from '../common/recordFields.tsx';
import { NS } from '../messages.ts';
import { PRINT_CATEGORY_DICTIONARY } from './constants.ts';
import { PrintDialog } from './PrintDialog.tsx';
import { QuillEditor, type QuillEditorHandle } from './QuillEditor.tsx';
import { childTableHtml, placeholderOf, toEditorHtml, visualSafe } from './renderTemplate.ts';

type Basics = Pick<PrintTemplateForm, 'fullName' | 'enCode' | 'category' | 'type' | 'sortCode' | 'enabledMark' | 'description'>;
type Fields = Record<string, PrintField[]>;

interface Props {
  /** The template to design, or null for a new one. */
  id: string | null;
  category?: string;
  onClose: () => void;
  onSaved: () => void;
}

const tableLabel = (key: string, t: (k: string, o?: Record<string, unknown>) => string) =>
  key === 'headTable' ? t('pd.headTable') : t('pd.childTable', { n: Number(key.replace('childrenDataTable', '')) + 1 });

/**
 * The print-template designer: basics; the template's SQL (the first answers
 * the head fields, each further one a child table, @formId is the record);
 * the fields those SQLs answer, inserted as placeholders or as a repeating
 * table; and the rich-text body, edited visually (Quill) or as HTML source.
 */
export default function PrintDesigner({ id, category, onClose, onSaved }: Props) {
  const { t } = useTranslation(NS);
  const language = useLanguage();
  const [form] = Form.useForm<Basics>();
  const editor = useRef<QuillEditorHandle>(null);
  const [savedId, setSavedId] = useState(id ?? undefined);
  const [html, setHtml] = useState('');
  const [sqls, setSqls] = useState<string[]>(['']);
  const [fields, setFields] = useState<Fields>({});
  const [fieldsError, setFieldsError] = useState<string | null>(null);
  const [loadingFields, setLoadingFields] = useState(false);
  const [mode, setMode] = useState<'visual' | 'source'>('visual');
  const [editorKey, setEditorKey] = useState(0);
  const [leftTab, setLeftTab] = useState('basics');
  const [saving, setSaving] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [ready, setReady] = useState(!id);

  const loaded = useQuery({
    queryKey: ['system', 'printDev', 'one', id],
    queryFn: async () => (await printDevApi.get(id!)).data,
    enabled: !!id,
    gcTime: 0,
  });
  useEffect(() => {
    const d = loaded.data;
    if (!d) return;
    form.setFieldsValue({
      fullName: d.fullName,
      enCode: d.enCode,
      category: d.category,
      type: d.type,
      sortCode: d.sortCode,
      enabledMark: d.enabledMark,
      description: d.description ?? '',
    });
    setHtml(d.printTemplate ?? '');
    // Markup the visual editor would flatten opens in the source editor.
    setMode(visualSafe(d.printTemplate ?? '') ? 'visual' : 'source');
    setSqls(d.sqlTemplate.length ? d.sqlTemplate.map((s) => s.sql) : ['']);
    const stored = Array.isArray(d.leftFields) && d.leftFields[0] && typeof d.leftFields[0] === 'object' ? (d.leftFields[0] as Fields) : {};
    setFields(stored);
    setEditorKey((k) => k + 1);
    setReady(true);
  }, [loaded.data, form]);

  // Toolbar labels follow the language: rebuild the editor on a switch.
  const [lang, setLang] = useState(language);
  if (lang !== language) {
    setLang(language);
    setEditorKey((k) => k + 1);
  }

  const sqlTemplate = () => sqls.map((sql) => ({ sql: sql.trim() })).filter((s) => s.sql);

  const loadFields = async () => {
    const list = sqlTemplate();
    if (!list.length) {
      setFieldsError(t('pd.noSql'));
      return;
    }
    setLoadingFields(true);
    setFieldsError(null);
    try {
      const res = await printDevApi.fields(list);
      setFields(res.data);
    } catch (err) {
      setFieldsError(err instanceof HttpError ? err.message : String(err));
    } finally {
      setLoadingFields(false);
    }
  };

  const insert = (text: string) => {
    if (mode === 'visual') editor.current?.insertText(text);
    else setHtml((h) => h + text);
  };
  const insertTable = (key: string) => {
    const snippet = childTableHtml(key, fields[key] ?? []);
    if (mode === 'visual') editor.current?.insertHtml(snippet);
    else setHtml((h) => h + snippet);
  };

  const save = async (): Promise<string | undefined> => {
    let basics: Basics;
    try {
      basics = await form.validateFields();
    } catch {
      setLeftTab('basics');
      return undefined;
    }
    const body: PrintTemplateForm = {
      ...basics,
      description: basics.description || null,
      sqlTemplate: sqlTemplate(),
      leftFields: Object.keys(fields).length ? [fields] : [],
      printTemplate: html,
    };
    setSaving(true);
    try {
      let next = savedId;
      if (savedId) await printDevApi.update(savedId, body);
      else next = (await printDevApi.create(body)).data.id;
      setSavedId(next);
      toast.success(t('saved'));
      onSaved();
      return next;
    } catch {
      return undefined;
    } finally {
      setSaving(false);
    }
  };

  const basics = (
    <Form<Basics>
      form={form}
      layout="vertical"
      initialValues={{ fullName: '', enCode: '', category, type: 2, sortCode: 0, enabledMark: 1, description: '' }}
      onFinish={() => void save()}
    >
      <FullNameField label={t('pd.name')} data-testid="ma-pd-name" />
      <EnCodeField label={t('pd.code')} data-testid="ma-pd-code" />
      <Form.Item name="category" label={t('category')} rules={[{ required: true, message: t('selectCategory') }]}>
        <DictionarySelect dictionaryType={PRINT_CATEGORY_DICTIONARY} valueField="enCode" testId="ma-pd-category" />
      </Form.Item>
      <Form.Item name="type" label={t('pd.type')}>
        <Radio.Group
          options={[
            { value: 2, label: t('pd.type.2') },
            { value: 1, label: t('pd.type.1') },
          ]}
        />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <SortCodeField />
        </Col>
        <Col span={12}>
          <EnabledMarkField />
        </Col>
      </Row>
      <DescriptionField showCount={false} />
      <button type="submit" hidden />
    </Form>
  );

  const data = (
    <div className="ma-pd-data">
      <p className="ma-sys-hint">{t('pd.sqlHint')}</p>
      {sqls.map((sql, i) => (
        <div key={i} className="ma-pd-sql">
          <div className="ma-pd-sql-head">
            <span>{i === 0 ? t('pd.headTable') : t('pd.childTable', { n: i })}</span>
            {i > 0 && (
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('delete')}
                onClick={() => setSqls((s) => s.filter((_, j) => j !== i))}
              />
            )}
          </div>
          <Input.TextArea
            className="ma-sys-code"
            value={sql}
            autoSize={{ minRows: 3, maxRows: 10 }}
            spellCheck={false}
            placeholder={i === 0 ? 'SELECT … WHERE id = @formId' : 'SELECT … WHERE parent_id = @formId'}
            onChange={(e) => setSqls((s) => s.map((x, j) => (j === i ? e.target.value : x)))}
            data-testid={`ma-pd-sql-${i}`}
          />
        </div>
      ))}
      <Space style={{ margin: '8px 0 12px' }}>
        <Button size="small" icon={<PlusOutlined />} onClick={() => setSqls((s) => [...s, ''])}>
          {t('pd.addChildSql')}
        </Button>
        <Button
          size="small"
          type="primary"
          icon={<SyncOutlined />}
          loading={loadingFields}
          onClick={() => void loadFields()}
          data-testid="ma-pd-load-fields"
        >
          {t('pd.loadFields')}
        </Button>
      </Space>
      {fieldsError && (
        <Alert
          type="error"
          showIcon
          title={t('pd.fieldsFailed')}
          description={<div className="ma-sys-error">{fieldsError}</div>}
          style={{ marginBottom: 12 }}
        />
      )}
      {Object.keys(fields).length ? (
        Object.entries(fields).map(([key, list]) => (
          <div key={key} className="ma-pd-fields" data-testid={`ma-pd-fields-${key}`}>
            <div className="ma-pd-sql-head">
              <span>{tableLabel(key, t)}</span>
              {key !== 'headTable' && (
                <Tooltip title={t('pd.insertTableHint')}>
                  <Button
                    size="small"
                    type="link"
                    icon={<TableOutlined />}
                    onClick={() => insertTable(key)}
                    data-testid={`ma-pd-insert-${key}`}
                  >
                    {t('pd.insertTable')}
                  </Button>
                </Tooltip>
              )}
            </div>
            <div className="ma-pd-field-tags">
              {list.map((f) => (
                <Tooltip key={f.field} title={t('pd.insertField', { placeholder: placeholderOf(key, f.field) })}>
                  <Tag className="ma-pd-field" onClick={() => insert(placeholderOf(key, f.field))}>
                    {f.fieldName || f.field}
                  </Tag>
                </Tooltip>
              ))}
              {!list.length && <span className="ma-sys-hint">{t('noData')}</span>}
            </div>
          </div>
        ))
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pd.noFields')} />
      )}
    </div>
  );

  return (
    <Modal
      open
      title={id ? t('pd.design') : t('pd.add')}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 126px)', overflow: 'hidden' } }}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      keyboard
      className="ma-pd-designer"
      footer={
        <Space>
          <Button onClick={onClose}>{t('close')}</Button>
          <Button
            icon={<EyeOutlined />}
            onClick={() => void (savedId ? Promise.resolve(savedId) : save()).then((sid) => sid && setPreviewing(true))}
            data-testid="ma-pd-preview"
          >
            {t('pd.preview')}
          </Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="ma-pd-save">
            {t('save')}
          </Button>
        </Space>
      }
    >
      {!ready ? (
        <div className="ma-sys-center">
          <Spin />
        </div>
      ) : (
        <div className="ma-pd-layout">
          <aside className="ma-pd-side">
            <Tabs
              activeKey={leftTab}
              onChange={setLeftTab}
              items={[
                { key: 'basics', label: t('pd.tabBasics'), children: basics, forceRender: true },
                { key: 'data', label: t('pd.tabData'), children: data, forceRender: true },
              ]}
            />
          </aside>
          <section className="ma-pd-main">
            <div className="ma-pd-main-bar">
              <Segmented
                value={mode}
                onChange={(v) => {
                  if (v === 'visual') {
                    if (!visualSafe(html)) toast.warning(t('pd.flattenWarning'), 4);
                    setEditorKey((k) => k + 1);
                  }
                  setMode(v as 'visual' | 'source');
                }}
                options={[
                  { value: 'visual', label: t('pd.visual') },
                  { value: 'source', label: t('pd.source') },
                ]}
              />
              <Space>
                {mode === 'visual' && (
                  <Button size="small" icon={<TableOutlined />} onClick={() => editor.current?.insertTable(2, 3)}>
                    {t('pd.emptyTable')}
                  </Button>
                )}
                <span className="ma-sys-hint">{t('pd.repeatHint')}</span>
              </Space>
            </div>
            {mode === 'source' && !visualSafe(html) && <Alert type="info" showIcon title={t('pd.sourceNotice')} />}
            <div className="ma-pd-editor">
              {mode === 'visual' ? (
                <QuillEditor key={`${editorKey}:${lang}`} ref={editor} value={toEditorHtml(html)} onChange={setHtml} />
              ) : (
                <Input.TextArea
                  className="ma-sys-code"
                  value={html}
                  onChange={(e) => setHtml(e.target.value)}
                  style={{ height: '100%', resize: 'none' }}
                  spellCheck={false}
                  data-testid="ma-pd-source"
                />
              )}
            </div>
          </section>
        </div>
      )}
      {previewing && savedId && (
        <PrintDialog
          template={{
            id: savedId,
            fullName: form.getFieldValue('fullName') as string,
            description: form.getFieldValue('description') as string,
          }}
          html={html}
          autoPrint={false}
          onClose={() => setPreviewing(false)}
        />
      )}
    </Modal>
  );
}
