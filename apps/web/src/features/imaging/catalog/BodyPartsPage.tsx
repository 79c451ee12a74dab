import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Switch, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ImagingCentre, ImgBodyPart } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { catalogApi } from './api.ts';
import { CatalogShell } from './CatalogShell.tsx';
import { EditRemove, SortArrows } from './RowActions.tsx';
import { NS } from './messages.ts';
import './messages.ts';

/** 检查部位 (img_check_body): a centre's body parts, searchable, sortable with arrows, enabled or not. */
export default function BodyPartsPage() {
  const { t } = useTranslation(NS);
  return (
    <CatalogShell menu="img_check_body" title={t('page.bodyParts')} testId="img-body-parts">
      {(centre, rights) => <BodyParts key={centre} centre={centre} rights={rights} />}
    </CatalogShell>
  );
}

type Rights = { add: boolean; edit: boolean; remove: boolean };
const CODE = /^[A-Za-z0-9._-]+$/;

function BodyParts({ centre, rights }: { centre: ImagingCentre; rights: Rights }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [enabled, setEnabled] = useState<'' | '0' | '1'>('');
  const [editing, setEditing] = useState<ImgBodyPart | 'new' | null>(null);
  const q = useQuery({
    queryKey: ['imgCatalog', 'body-parts', centre, keyword, enabled],
    queryFn: async () => (await catalogApi.bodyParts({ centre, keyword, enabled, pageSize: 500 })).data,
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['imgCatalog', 'body-parts'] });
  const rows = q.data?.list ?? [];
  const sortable = !keyword && !enabled && rights.edit;
  return (
    <>
      <div className="img-catalog-toolbar">
        <Input.Search
          allowClear
          placeholder={t('searchCodeName')}
          style={{ width: 240 }}
          onSearch={setKeyword}
          data-testid="img-bp-search"
        />
        <Select
          value={enabled}
          style={{ width: 120 }}
          onChange={setEnabled}
          options={[
            { value: '', label: t('all') },
            { value: '1', label: t('enabled') },
            { value: '0', label: t('disabled') },
          ]}
        />
        {rights.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="img-bp-add">
            {t('add')}
          </Button>
        )}
      </div>
      <Table<ImgBodyPart>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('empty') }}
        columns={[
          ...(sortable
            ? [
                {
                  title: t('order'),
                  width: 90,
                  render: (_: unknown, r: ImgBodyPart, i: number) => (
                    <SortArrows
                      first={i === 0}
                      last={i === rows.length - 1}
                      onMove={(d) => void catalogApi.move('body-parts', r.id, d).then(refresh)}
                    />
                  ),
                },
              ]
            : []),
          { title: t('code'), dataIndex: 'code', width: 140 },
          { title: t('name'), dataIndex: 'name' },
          { title: t('itemCount'), dataIndex: 'itemCount', width: 110 },
          {
            title: t('enabled'),
            dataIndex: 'enabled',
            width: 90,
            render: (v: number, r) => (
              <Switch
                size="small"
                checked={v === 1}
                disabled={!rights.edit}
                onChange={(on) => void catalogApi.setEnabled('body-parts', r.id, on ? 1 : 0).then(refresh)}
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
                onRemove={() => void catalogApi.remove('body-parts', r.id).then(() => (toast.success(t('removed')), refresh()))}
              />
            ),
          },
        ]}
      />
      {editing && (
        <BodyPartModal
          centre={centre}
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => (setEditing(null), void refresh())}
        />
      )}
    </>
  );
}

function BodyPartModal({
  centre,
  row,
  onClose,
  onSaved,
}: {
  centre: ImagingCentre;
  row: ImgBodyPart | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<{ code: string; name: string; enabled: boolean }>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body = { centre, code: v.code.trim(), name: v.name.trim(), enabled: v.enabled ? 1 : 0 };
      if (row) await catalogApi.update('body-parts', row.id, body);
      else await catalogApi.create('body-parts', body);
      toast.success(t('saved'));
      onSaved();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={row ? t('editBodyPart') : t('addBodyPart')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText={t('save')}
      cancelText={t('cancel')}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ code: row?.code ?? '', name: row?.name ?? '', enabled: row ? row.enabled === 1 : true }}
      >
        <Form.Item
          name="code"
          label={t('code')}
          rules={[{ required: true, message: t('required') }, { max: 40 }, { pattern: CODE, message: t('codeRule') }]}
        >
          <Input data-testid="img-bp-code" />
        </Form.Item>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: 100 }]}>
          <Input data-testid="img-bp-name" />
        </Form.Item>
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
