import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { App, Button, Form, Input, Modal, Select, Spin, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { formDefinition, listDefinition } from '@medalliance/contract';
import { HttpError } from '../../../api/http.ts';
import { downloadExport } from '../../../api/system.ts';
import type { LostData } from '@medalliance/contract';
import { visualdevApi, type ModelCategoryNode, type ModelSummary } from '../../../api/visualdev.ts';
import { toast } from '../../../app/feedback.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { actionsColumn, ListPage, useDeleteRow, useListConfirm, type ListLook } from '../../../components/listPage/index.ts';
import { useDictionary } from '../../../lookups/dictionaries.ts';
import { NS } from '../messages.ts';
import '../messages.ts';
import '../../system/common/system.css';
import { JsonFileInput } from '../../../lowcode/designer/JsonFileInput.tsx';

/** The server's group for models whose category is not (or no longer) in the category dictionary. */
const UNCATEGORIZED = 'uncategorized';

// The designer carries dnd-kit and the renderer: loaded when first opened.
const ModelDesignerLoader = lazy(() =>
  import('../../../lowcode/designer/ModelDesigner.tsx').then((m) => ({ default: m.ModelDesignerLoader })),
);

const look: ListLook = { kind: 'system', ns: NS, prefix: '' };
const CATEGORY_DICTIONARY = 'visualDevCategory';

type Row = (ModelCategoryNode | ModelSummary) & { children?: ModelSummary[] };
const isModel = (r: Row): r is ModelSummary => 'webType' in r;

/** Form and list design (spec §7.6 Base): models by category, create, design, copy, delete, release, import and export. */
export default function WebDesignPage() {
  const { t } = useTranslation(NS);
  const { modal } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [creating, setCreating] = useState(false);
  const [designing, setDesigning] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const list = useQuery({
    queryKey: ['onlineDev', 'webDesign', keyword],
    queryFn: async () => (await visualdevApi.list({ keyword })).data.list,
  });
  const refresh = useCallback(() => void list.refetch(), [list]);
  const confirm = useListConfirm(look);
  const remove = useDeleteRow(look, (row: ModelSummary) => visualdevApi.remove(row.id), refresh);
  const closeDesigner = useCallback(() => setDesigning(null), []);

  const release = (row: ModelSummary) =>
    confirm(
      t('releaseConfirm'),
      async () => {
        try {
          await visualdevApi.release(row.id, false, { silent: true });
        } catch (err) {
          const lost = (err as HttpError).envelope?.data as { lost?: LostData[] } | undefined;
          if (!(err instanceof HttpError) || !lost?.lost?.length) {
            if (err instanceof HttpError) toast.error(err.message);
            throw err;
          }
          confirmDestructive(row, lost.lost);
          return;
        }
        toast.success(t('released'));
        refresh();
      },
      false,
    );

  const confirmDestructive = (row: ModelSummary, lost: LostData[]) =>
    modal.confirm({
      title: t('destructiveTitle'),
      width: 560,
      okText: t('release'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      content: (
        <div data-testid="wd-destructive-list">
          <ul style={{ paddingLeft: 18, maxHeight: 260, overflow: 'auto' }}>
            {lost.map((l, i) => (
              <li key={i}>
                {l.table}
                {l.column ? `.${l.column}` : ''} — {t(`change.${l.change}`)}
                {l.from ? ` (${l.from}${l.to ? ` → ${l.to}` : ''})` : ''}, {t('lostRows', { rows: l.rows })}
              </li>
            ))}
          </ul>
          <div>{t('destructiveHint')}</div>
        </div>
      ),
      onOk: async () => {
        await visualdevApi.release(row.id, true);
        toast.success(t('released'));
        refresh();
      },
    });

  const copy = async (row: ModelSummary) => {
    await visualdevApi.copy(row.id);
    toast.success(t('copied'));
    refresh();
  };

  const importFile = async (file: File) => {
    await visualdevApi.importFile(file);
    toast.success(t('imported'));
    refresh();
  };

  const columns: ColumnsType<Row> = [
    {
      title: t('fullName'),
      dataIndex: 'fullName',
      width: 240,
      ellipsis: true,
      render: (v: string, r) =>
        isModel(r) ? v : <strong>{`${r.id === UNCATEGORIZED ? t('uncategorized') : v} (${(r as ModelCategoryNode).num})`}</strong>,
    },
    { title: t('enCode'), dataIndex: 'enCode', width: 160, render: (v: string, r) => (isModel(r) ? v : '') },
    { title: t('webType'), dataIndex: 'webType', width: 140, render: (v: number, r) => (isModel(r) ? t(`webType.${v}`) : '') },
    {
      title: t('state'),
      dataIndex: 'state',
      width: 130,
      render: (_: number, r) => {
        if (!isModel(r)) return null;
        if (r.state !== 1) return <Tag>{t('state.draft')}</Tag>;
        return r.hasDraft ? <Tag color="orange">{t('state.changed')}</Tag> : <Tag color="green">{t('state.released')}</Tag>;
      },
    },
    { title: t('version'), dataIndex: 'version', width: 70, render: (v: number, r) => (isModel(r) ? v : '') },
    { title: t('creator'), dataIndex: 'creatorUser', width: 140, ellipsis: true },
    {
      title: t('modified'),
      dataIndex: 'lastModifyTime',
      width: 150,
      render: (v: number | null, r) => (isModel(r) ? dayjs(v ?? r.creatorTime).format('YYYY-MM-DD HH:mm') : ''),
    },
    actionsColumn<Row>(look, t('actions'), 200, (r) =>
      isModel(r)
        ? {
            actions: [
              { key: 'design', label: t('design'), code: BUTTON_CODES.edit, testId: 'wd-design-row', onClick: () => setDesigning(r.id) },
              { key: 'release', label: t('release'), code: BUTTON_CODES.edit, testId: 'wd-release-row', onClick: () => release(r) },
            ],
            more: [
              { key: 'copy', label: t('copy'), code: BUTTON_CODES.add, onClick: () => void copy(r) },
              {
                key: 'export',
                label: t('exportJson'),
                onClick: () => void downloadExport(visualdevApi.exportUrl(r.id), `${r.fullName}-${r.enCode}.json`),
              },
              { key: 'delete', onClick: () => remove(r) },
            ],
          }
        : { actions: [] },
    ),
  ];

  // Models are leaves: without their (empty) children the table shows no expand button on them.
  const data = useMemo(
    () =>
      (list.data ?? []).map((c) => ({
        ...c,
        children: (c.children ?? []).map(({ children: _c, ...m }: ModelSummary & { children?: unknown }) => m),
      })) as Row[],
    [list.data],
  );
  return (
    <ListPage<Row>
      look={look}
      testId="wd-page"
      search={{ onSearch: setKeyword }}
      toolbar={
        <>
          <Auth code={BUTTON_CODES.add}>
            <Button icon={<UploadOutlined />} onClick={() => fileRef.current?.click()}>
              {t('importJson')}
            </Button>
          </Auth>
          <Auth code={BUTTON_CODES.add}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="wd-add">
              {t('add')}
            </Button>
          </Auth>
          <JsonFileInput ref={fileRef} onFile={(f) => void importFile(f)} />
        </>
      }
      onRefresh={refresh}
      table={{
        loading: list.isFetching,
        dataSource: data,
        columns,
        scroll: { x: 1260 },
        pagination: false,
        expandable: { defaultExpandAllRows: true, expandedRowKeys: data.map((c) => c.id) },
      }}
    >
      {creating && (
        <CreateDialog
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            refresh();
            setDesigning(id);
          }}
        />
      )}
      {designing && (
        <Suspense fallback={<Spin fullscreen />}>
          <ModelDesignerLoader id={designing} onClose={closeDesigner} onSaved={refresh} />
        </Suspense>
      )}
    </ListPage>
  );
}

interface CreateForm {
  fullName: string;
  enCode: string;
  category?: string;
  webType: 1 | 2 | 3;
  description?: string;
}

function CreateDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<CreateForm>();
  const [busy, setBusy] = useState(false);
  const categories = useDictionary(CATEGORY_DICTIONARY);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const r = await visualdevApi.create({
        fullName: v.fullName,
        enCode: v.enCode,
        category: v.category ?? '',
        webType: v.webType,
        description: v.description ?? '',
        sortCode: 0,
        formData: formDefinition.parse({ fields: [] }),
        columnData: listDefinition.parse({}),
      });
      onCreated(r.data.id);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('createTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText={t('ok')}
      cancelText={t('cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ webType: 2 }} data-testid="wd-create-form">
        <Form.Item name="fullName" label={t('fullName')} rules={[{ required: true, whitespace: true, max: 100, message: t('required') }]}>
          <Input maxLength={100} data-testid="wd-create-name" />
        </Form.Item>
        <Form.Item
          name="enCode"
          label={t('enCode')}
          rules={[{ required: true, pattern: /^[A-Za-z][A-Za-z0-9_]{0,49}$/, message: t('enCodeRule') }]}
        >
          <Input maxLength={50} data-testid="wd-create-code" />
        </Form.Item>
        <Form.Item name="category" label={t('category')}>
          <Select
            allowClear
            loading={categories.isLoading}
            options={categories.flat.map((c) => ({ value: c.enCode, label: c.fullName }))}
          />
        </Form.Item>
        <Form.Item name="webType" label={t('webType')}>
          <Select options={([1, 2, 3] as const).map((w) => ({ value: w, label: t(`webType.${w}`) }))} />
        </Form.Item>
        <Form.Item name="description" label={t('description')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
