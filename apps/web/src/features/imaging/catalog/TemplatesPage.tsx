import { useMemo, useState } from 'react';
import { Button, Empty, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag, Tooltip, Tree, TreeSelect } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, FolderAddOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ImagingCentre, ImgTemplate, ImgTemplateCategory } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { catalogApi } from './api.ts';
import { CatalogShell } from './CatalogShell.tsx';
import { useBodyParts } from './ItemsPage.tsx';
import { EditRemove, SortArrows } from './RowActions.tsx';
import { NS } from './messages.ts';
import './messages.ts';

/**
 * 诊断模板分类 (img_diag_temp_sort): the tree of template categories of a
 * centre (add, rename, remove, order) and the templates of the chosen
 * category (findings, impression, advice, per body part and item).
 */
export default function TemplatesPage() {
  const { t } = useTranslation(NS);
  return (
    <CatalogShell menu="img_diag_temp_sort" title={t('page.templates')} testId="img-templates">
      {(centre, rights) => <Templates key={centre} centre={centre} rights={rights} />}
    </CatalogShell>
  );
}

type Rights = { add: boolean; edit: boolean; remove: boolean };

function treeOf(cats: ImgTemplateCategory[], parentId: string | null): (DataNode & { value: string })[] {
  return cats
    .filter((c) => c.parentId === parentId)
    .map((c) => ({ key: c.id, value: c.id, title: `${c.name} (${c.templateCount})`, children: treeOf(cats, c.id) }));
}

function Templates({ centre, rights }: { centre: ImagingCentre; rights: Rights }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const cats = useQuery({
    queryKey: ['imgCatalog', 'template-categories', centre],
    queryFn: async () => (await catalogApi.categories(centre)).data.list,
  });
  const [selected, setSelected] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const [naming, setNaming] = useState<{ id: string | null; parentId: string | null; name: string } | null>(null);
  const [editing, setEditing] = useState<ImgTemplate | 'new' | null>(null);
  const list = useMemo(() => cats.data ?? [], [cats.data]);
  const tree = useMemo(() => treeOf(list, null), [list]);
  const current = list.find((c) => c.id === selected) ?? null;
  const siblings = current ? list.filter((c) => c.parentId === current.parentId) : [];
  const q = useQuery({
    queryKey: ['imgCatalog', 'templates', centre, selected, keyword],
    queryFn: async () =>
      (await catalogApi.templates({ centre, keyword, ...(selected ? { categoryId: selected } : {}), pageSize: 500 })).data,
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['imgCatalog'] });
  const rows = q.data?.list ?? [];
  const saveName = async () => {
    if (!naming || !naming.name.trim()) return;
    const body = { centre, parentId: naming.parentId, name: naming.name.trim() };
    if (naming.id) await catalogApi.update('template-categories', naming.id, body);
    else await catalogApi.create('template-categories', body);
    toast.success(t('saved'));
    setNaming(null);
    void refresh();
  };
  const removeCategory = async () => {
    if (!current) return;
    await catalogApi.remove('template-categories', current.id);
    setSelected(null);
    toast.success(t('removed'));
    void refresh();
  };
  const at = current ? siblings.findIndex((c) => c.id === current.id) : -1;
  return (
    <div className="img-catalog-split">
      <div className="img-catalog-tree" data-testid="img-tpl-tree">
        <Space wrap style={{ marginBottom: 8 }}>
          {rights.add && (
            <Tooltip title={current ? t('addSubCategory') : t('addCategory')}>
              <Button
                size="small"
                icon={<FolderAddOutlined />}
                onClick={() => setNaming({ id: null, parentId: selected, name: '' })}
                data-testid="img-cat-add"
              >
                {t('addCategory')}
              </Button>
            </Tooltip>
          )}
          {rights.edit && current && (
            <>
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={t('rename')}
                onClick={() => setNaming({ id: current.id, parentId: current.parentId, name: current.name })}
              />
              <Button
                size="small"
                icon={<ArrowUpOutlined />}
                aria-label={t('up')}
                disabled={at <= 0}
                onClick={() => void catalogApi.move('template-categories', current.id, 'up').then(refresh)}
              />
              <Button
                size="small"
                icon={<ArrowDownOutlined />}
                aria-label={t('down')}
                disabled={at === siblings.length - 1}
                onClick={() => void catalogApi.move('template-categories', current.id, 'down').then(refresh)}
              />
            </>
          )}
          {rights.remove && current && (
            <Popconfirm
              title={t('confirmRemove')}
              okText={t('remove')}
              cancelText={t('cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => void removeCategory()}
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('remove')} />
            </Popconfirm>
          )}
        </Space>
        {cats.isLoading ? null : tree.length ? (
          <Tree
            blockNode
            defaultExpandAll
            treeData={tree}
            selectedKeys={selected ? [selected] : []}
            onSelect={(keys) => setSelected((keys[0] as string | undefined) ?? null)}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
        )}
      </div>
      <div className="img-catalog-main">
        <div className="img-catalog-toolbar">
          <Tag color="blue">{current ? current.name : t('allCategories')}</Tag>
          <Input.Search
            allowClear
            placeholder={t('searchTemplate')}
            style={{ width: 240 }}
            onSearch={setKeyword}
            data-testid="img-tpl-search"
          />
          {rights.add && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!list.length}
              onClick={() => setEditing('new')}
              data-testid="img-tpl-add"
            >
              {t('addTemplate')}
            </Button>
          )}
        </div>
        <Table<ImgTemplate>
          rowKey="id"
          size="small"
          loading={q.isFetching}
          dataSource={rows}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: t('empty') }}
          data-testid="img-tpl-table"
          scroll={{ x: 960 }}
          expandable={{
            expandedRowRender: (r) => (
              <div className="img-catalog-text">
                <b>{t('findings')}</b>: {r.findings}
                <br />
                <b>{t('impression')}</b>: {r.impression}
                {r.advice ? (
                  <>
                    <br />
                    <b>{t('advice')}</b>: {r.advice}
                  </>
                ) : null}
              </div>
            ),
          }}
          columns={[
            ...(rights.edit && selected && !keyword
              ? [
                  {
                    title: t('order'),
                    width: 90,
                    render: (_: unknown, r: ImgTemplate, i: number) => (
                      <SortArrows
                        first={i === 0 || rows[i - 1]!.categoryId !== r.categoryId}
                        last={i === rows.length - 1 || rows[i + 1]!.categoryId !== r.categoryId}
                        onMove={(d) => void catalogApi.move('templates', r.id, d).then(refresh)}
                      />
                    ),
                  },
                ]
              : []),
            { title: t('name'), dataIndex: 'name', width: 230, ellipsis: { showTitle: true } },
            { title: t('category'), dataIndex: 'categoryName', width: 110, render: (v: string | null) => v ?? '—' },
            { title: t('bodyPart'), dataIndex: 'bodyPartName', width: 100, render: (v: string | null) => v ?? t('any') },
            { title: t('item'), dataIndex: 'itemName', width: 130, render: (v: string | null) => v ?? t('any') },
            {
              title: t('positive'),
              dataIndex: 'positive',
              width: 80,
              render: (v: number) => (v ? <Tag color="red">{t('positiveYes')}</Tag> : <Tag>{t('positiveNo')}</Tag>),
            },
            {
              title: t('enabled'),
              dataIndex: 'enabled',
              width: 80,
              render: (v: number, r) => (
                <Switch
                  size="small"
                  checked={v === 1}
                  disabled={!rights.edit}
                  onChange={(on) => void catalogApi.setEnabled('templates', r.id, on ? 1 : 0).then(refresh)}
                />
              ),
            },
            {
              title: t('actions'),
              fixed: 'right' as const,
              width: 160,
              render: (_: unknown, r) => (
                <EditRemove
                  canEdit={rights.edit}
                  canRemove={rights.remove}
                  onEdit={() => setEditing(r)}
                  onRemove={() => void catalogApi.remove('templates', r.id).then(() => (toast.success(t('removed')), refresh()))}
                />
              ),
            },
          ]}
        />
      </div>
      {naming && (
        <Modal
          open
          title={naming.id ? t('rename') : naming.parentId ? t('addSubCategory') : t('addCategory')}
          onCancel={() => setNaming(null)}
          onOk={() => void saveName()}
          okButtonProps={{ disabled: !naming.name.trim() }}
          okText={t('save')}
          cancelText={t('cancel')}
          destroyOnHidden
        >
          <Input
            autoFocus
            maxLength={100}
            value={naming.name}
            placeholder={t('categoryName')}
            onChange={(e) => setNaming({ ...naming, name: e.target.value })}
            onPressEnter={() => void saveName()}
            data-testid="img-cat-name"
          />
        </Modal>
      )}
      {editing && (
        <TemplateModal
          centre={centre}
          row={editing === 'new' ? null : editing}
          categoryId={selected ?? list[0]?.id ?? ''}
          tree={tree}
          onClose={() => setEditing(null)}
          onSaved={() => (setEditing(null), void refresh())}
        />
      )}
    </div>
  );
}

interface TemplateForm {
  categoryId: string;
  bodyPartId?: string;
  itemId?: string;
  name: string;
  findings: string;
  impression: string;
  advice: string;
  positive: boolean;
  enabled: boolean;
}

function TemplateModal({
  centre,
  row,
  categoryId,
  tree,
  onClose,
  onSaved,
}: {
  centre: ImagingCentre;
  row: ImgTemplate | null;
  categoryId: string;
  tree: DataNode[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<TemplateForm>();
  const [saving, setSaving] = useState(false);
  const parts = useBodyParts(centre);
  const bodyPartId = Form.useWatch('bodyPartId', form);
  const items = useQuery({
    queryKey: ['imgCatalog', 'items', centre, 'options'],
    queryFn: async () => (await catalogApi.items({ centre, pageSize: 500 })).data.list,
  });
  const itemOptions = (items.data ?? [])
    .filter((i) => !bodyPartId || i.bodyPartId === bodyPartId)
    .map((i) => ({ value: i.id, label: i.name }));
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body = {
        centre,
        categoryId: v.categoryId,
        bodyPartId: v.bodyPartId ?? null,
        itemId: v.itemId ?? null,
        name: v.name.trim(),
        findings: v.findings.trim(),
        impression: v.impression.trim(),
        advice: (v.advice ?? '').trim(),
        positive: v.positive ? 1 : 0,
        enabled: v.enabled ? 1 : 0,
      };
      if (row) await catalogApi.update('templates', row.id, body);
      else await catalogApi.create('templates', body);
      toast.success(t('saved'));
      onSaved();
    } finally {
      setSaving(false);
    }
  };
  const req = { required: true, whitespace: true, message: t('required') };
  return (
    <Modal
      open
      width={720}
      title={row ? t('editTemplate') : t('addTemplate')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText={t('save')}
      cancelText={t('cancel')}
      destroyOnHidden
    >
      <Form<TemplateForm>
        form={form}
        layout="vertical"
        initialValues={{
          categoryId: row?.categoryId ?? categoryId,
          bodyPartId: row?.bodyPartId ?? undefined,
          itemId: row?.itemId ?? undefined,
          name: row?.name ?? '',
          findings: row?.findings ?? '',
          impression: row?.impression ?? '',
          advice: row?.advice ?? '',
          positive: row ? row.positive === 1 : false,
          enabled: row ? row.enabled === 1 : true,
        }}
      >
        <Space.Compact block>
          <Form.Item
            name="categoryId"
            label={t('category')}
            rules={[{ required: true, message: t('required') }]}
            style={{ flex: 1, marginRight: 8 }}
          >
            <TreeSelect treeData={tree} treeDefaultExpandAll data-testid="img-tpl-category" />
          </Form.Item>
          <Form.Item name="bodyPartId" label={t('bodyPart')} style={{ flex: 1, marginRight: 8 }}>
            <Select
              allowClear
              placeholder={t('any')}
              options={(parts.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              onChange={() => form.setFieldValue('itemId', undefined)}
              data-testid="img-tpl-body"
            />
          </Form.Item>
          <Form.Item name="itemId" label={t('item')} style={{ flex: 1 }}>
            <Select allowClear placeholder={t('any')} options={itemOptions} data-testid="img-tpl-item" />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="name" label={t('templateName')} rules={[req, { max: 100 }]}>
          <Input data-testid="img-tpl-name" />
        </Form.Item>
        <Form.Item name="findings" label={t('findings')} rules={[req, { max: 4000 }]}>
          <Input.TextArea rows={4} showCount maxLength={4000} data-testid="img-tpl-findings" />
        </Form.Item>
        <Form.Item name="impression" label={t('impression')} rules={[req, { max: 2000 }]}>
          <Input.TextArea rows={2} maxLength={2000} data-testid="img-tpl-impression" />
        </Form.Item>
        <Form.Item name="advice" label={t('advice')} rules={[{ max: 2000 }]}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <Space size={32}>
          <Form.Item name="positive" label={t('positive')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
