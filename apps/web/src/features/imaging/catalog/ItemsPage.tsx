import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Switch, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMG_MODALITIES, type ImagingCentre, type ImgItem } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { catalogApi } from './api.ts';
import { CatalogShell } from './CatalogShell.tsx';
import { EditRemove, SortArrows } from './RowActions.tsx';
import { NS } from './messages.ts';
import './messages.ts';

/** 检查项目 (img_check_item): a centre's examination items by body part and modality. */
export default function ItemsPage() {
  const { t } = useTranslation(NS);
  return (
    <CatalogShell menu="img_check_item" title={t('page.items')} testId="img-items">
      {(centre, rights) => <Items key={centre} centre={centre} rights={rights} />}
    </CatalogShell>
  );
}

type Rights = { add: boolean; edit: boolean; remove: boolean };

export function useBodyParts(centre: ImagingCentre) {
  return useQuery({
    queryKey: ['imgCatalog', 'body-parts', centre, 'options'],
    queryFn: async () => (await catalogApi.bodyParts({ centre, pageSize: 500 })).data.list,
  });
}

function Items({ centre, rights }: { centre: ImagingCentre; rights: Rights }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [bodyPartId, setBodyPartId] = useState<string | undefined>();
  const [editing, setEditing] = useState<ImgItem | 'new' | null>(null);
  const parts = useBodyParts(centre);
  const q = useQuery({
    queryKey: ['imgCatalog', 'items', centre, keyword, bodyPartId],
    queryFn: async () => (await catalogApi.items({ centre, keyword, ...(bodyPartId ? { bodyPartId } : {}), pageSize: 500 })).data,
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['imgCatalog'] });
  const rows = q.data?.list ?? [];
  const sortable = !keyword && !bodyPartId && rights.edit;
  return (
    <>
      <div className="img-catalog-toolbar">
        <Input.Search allowClear placeholder={t('searchItem')} style={{ width: 280 }} onSearch={setKeyword} data-testid="img-item-search" />
        <Select
          allowClear
          placeholder={t('bodyPart')}
          style={{ width: 180 }}
          value={bodyPartId}
          onChange={setBodyPartId}
          options={(parts.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          data-testid="img-item-filter-body"
        />
        {rights.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="img-item-add">
            {t('add')}
          </Button>
        )}
      </div>
      <Table<ImgItem>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('empty') }}
        data-testid="img-item-table"
        columns={[
          ...(sortable
            ? [
                {
                  title: t('order'),
                  width: 90,
                  render: (_: unknown, r: ImgItem, i: number) => (
                    <SortArrows
                      first={i === 0}
                      last={i === rows.length - 1}
                      onMove={(d) => void catalogApi.move('items', r.id, d).then(refresh)}
                    />
                  ),
                },
              ]
            : []),
          { title: t('code'), dataIndex: 'code', width: 110 },
          { title: t('name'), dataIndex: 'name' },
          { title: t('bodyPart'), dataIndex: 'bodyPartName', width: 160, render: (v: string | null) => v ?? '—' },
          { title: t('modality'), dataIndex: 'modality', width: 100, render: (v: string) => <Tag>{v}</Tag> },
          {
            title: t('enabled'),
            dataIndex: 'enabled',
            width: 90,
            render: (v: number, r) => (
              <Switch
                size="small"
                checked={v === 1}
                disabled={!rights.edit}
                onChange={(on) => void catalogApi.setEnabled('items', r.id, on ? 1 : 0).then(refresh)}
              />
            ),
          },
          {
            title: t('actions'),
            width: 170,
            render: (_: unknown, r) => (
              <EditRemove
                canEdit={rights.edit}
                canRemove={rights.remove}
                onEdit={() => setEditing(r)}
                onRemove={() => void catalogApi.remove('items', r.id).then(() => (toast.success(t('removed')), refresh()))}
              />
            ),
          },
        ]}
      />
      {editing && (
        <ItemModal
          centre={centre}
          row={editing === 'new' ? null : editing}
          parts={(parts.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          onClose={() => setEditing(null)}
          onSaved={() => (setEditing(null), void refresh())}
        />
      )}
    </>
  );
}

interface ItemForm {
  code: string;
  name: string;
  bodyPartId: string;
  modality: string;
  enabled: boolean;
}

function ItemModal({
  centre,
  row,
  parts,
  onClose,
  onSaved,
}: {
  centre: ImagingCentre;
  row: ImgItem | null;
  parts: { value: string; label: string }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<ItemForm>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body = {
        centre,
        code: v.code.trim(),
        name: v.name.trim(),
        bodyPartId: v.bodyPartId,
        modality: v.modality,
        enabled: v.enabled ? 1 : 0,
      };
      if (row) await catalogApi.update('items', row.id, body);
      else await catalogApi.create('items', body);
      toast.success(t('saved'));
      onSaved();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={row ? t('editItem') : t('addItem')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText={t('save')}
      cancelText={t('cancel')}
      destroyOnHidden
    >
      <Form<ItemForm>
        form={form}
        layout="vertical"
        initialValues={{
          code: row?.code ?? '',
          name: row?.name ?? '',
          bodyPartId: row?.bodyPartId ?? undefined,
          modality: row?.modality ?? (centre === 'ultrasound' ? 'US' : 'DR'),
          enabled: row ? row.enabled === 1 : true,
        }}
      >
        <Form.Item
          name="code"
          label={t('code')}
          rules={[{ required: true, message: t('required') }, { max: 40 }, { pattern: /^[A-Za-z0-9._-]+$/, message: t('codeRule') }]}
        >
          <Input data-testid="img-item-code" />
        </Form.Item>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: 100 }]}>
          <Input data-testid="img-item-name" />
        </Form.Item>
        <Form.Item name="bodyPartId" label={t('bodyPart')} rules={[{ required: true, message: t('required') }]}>
          <Select options={parts} showSearch optionFilterProp="label" data-testid="img-item-body" />
        </Form.Item>
        <Form.Item name="modality" label={t('modality')} rules={[{ required: true, message: t('required') }]}>
          <Select
            options={IMG_MODALITIES.map((m) => ({ value: m, label: `${m} · ${t(`modality.${m}`)}` }))}
            data-testid="img-item-modality"
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
