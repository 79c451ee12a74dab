import { useEffect, useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Radio, Select, Space, Switch, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FD_FORM_CODES, type FdItemRow } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { fdApi, yuan, type ItemBody, type Rights } from '../teams/api.ts';
import { GroupTags, useGroupOptions } from './GroupTags.tsx';
import { NS } from './messages.ts';

/** Service items: 基础 / 增值, times per term year, price, the public-health form that proves it, population groups. */
export function ItemList({ rights }: { rights: Rights }) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [filter, setFilter] = useState({ keyword: '', nature: '', enabled: '' });
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [editing, setEditing] = useState<FdItemRow | 'new' | null>(null);
  const q = useQuery({
    queryKey: ['fdCatalog', 'items', filter, page],
    queryFn: async () => (await fdApi.items({ ...filter, ...page })).data,
    placeholderData: keepPreviousData,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['fdCatalog'] });
  const toggle = useMutation({ mutationFn: (r: FdItemRow) => fdApi.itemEnabled(r.id, !r.enabled), onSuccess: refresh });
  const remove = useMutation({
    mutationFn: (id: string) => fdApi.removeItem(id),
    onSuccess: () => (toast.success(t('removed')), refresh()),
  });

  return (
    <>
      <Space className="fd-toolbar" wrap>
        <Input.Search
          allowClear
          placeholder={t('keyword')}
          style={{ width: 220 }}
          onSearch={(keyword) => (setFilter({ ...filter, keyword }), setPage({ ...page, currentPage: 1 }))}
        />
        <Select
          style={{ width: 130 }}
          value={filter.nature}
          onChange={(nature) => setFilter({ ...filter, nature })}
          options={[
            { value: '', label: t('allNature') },
            { value: '1', label: t('nature.1') },
            { value: '2', label: t('nature.2') },
          ]}
        />
        <Select
          style={{ width: 110 }}
          value={filter.enabled}
          onChange={(enabled) => setFilter({ ...filter, enabled })}
          options={[
            { value: '', label: t('allEnabled') },
            { value: '1', label: t('enabled') },
            { value: '0', label: t('disabledState') },
          ]}
        />
        {rights.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="fd-item-add">
            {t('addItem')}
          </Button>
        )}
      </Space>
      <Table<FdItemRow>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: t('empty') }}
        scroll={{ x: 1100 }}
        data-testid="fd-item-table"
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: q.data?.pagination.total ?? 0,
          showTotal: (n) => t('total', { n }),
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        columns={[
          { title: t('col.code'), dataIndex: 'code', width: 80 },
          { title: t('col.name'), dataIndex: 'name', width: 180 },
          {
            title: t('col.nature'),
            dataIndex: 'nature',
            width: 100,
            render: (n: number) => <Tag color={n === 1 ? 'blue' : 'orange'}>{t(`nature.${n}`)}</Tag>,
          },
          { title: t('col.times'), dataIndex: 'times', width: 100 },
          { title: t('col.price'), dataIndex: 'price', width: 90, render: yuan },
          { title: t('col.form'), dataIndex: 'formCode', width: 140, render: (c: string | null) => (c ? t(`form.${c}`) : '—') },
          { title: t('col.groups'), dataIndex: 'groups', render: (g: string[]) => <GroupTags groups={g} /> },
          { title: t('col.packageCount'), dataIndex: 'packageCount', width: 90 },
          {
            title: t('col.enabled'),
            dataIndex: 'enabled',
            width: 90,
            render: (v: boolean, r) => (
              <Switch size="small" checked={v} disabled={!rights.edit} loading={toggle.isPending} onChange={() => toggle.mutate(r)} />
            ),
          },
          {
            title: t('col.actions'),
            key: 'actions',
            width: 130,
            fixed: 'right',
            render: (_, r) => (
              <Space size={4}>
                {rights.edit && (
                  <Button type="link" size="small" onClick={() => setEditing(r)}>
                    {t('edit')}
                  </Button>
                )}
                {rights.remove && (
                  <Popconfirm title={t('confirmRemove')} onConfirm={() => remove.mutate(r.id)}>
                    <Button type="link" size="small" danger>
                      {t('remove')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ItemForm item={editing} onClose={(changed) => (setEditing(null), changed && refresh())} />
    </>
  );
}

type ItemValues = Omit<ItemBody, 'price'> & { priceYuan: number };

function ItemForm({ item, onClose }: { item: FdItemRow | 'new' | null; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<ItemValues>();
  const groupOptions = useGroupOptions();
  useEffect(() => {
    if (!item) return;
    form.resetFields();
    if (item !== 'new') form.setFieldsValue({ ...item, priceYuan: item.price / 100 });
  }, [item, form]);
  const save = useMutation({
    mutationFn: (v: ItemValues) => {
      const { priceYuan, ...rest } = v;
      return fdApi.saveItem(item === 'new' || !item ? null : item.id, {
        ...rest,
        formCode: rest.formCode || null,
        intro: rest.intro ?? '',
        price: Math.round(priceYuan * 100),
      });
    },
    onSuccess: () => (toast.success(t('saved')), onClose(true)),
  });
  return (
    <Modal
      open={!!item}
      width={640}
      title={t(item === 'new' ? 'titleItemAdd' : 'titleItemEdit')}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={save.isPending}
      onCancel={() => onClose(false)}
      onOk={async () => save.mutate(await form.validateFields())}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ nature: 1, times: 1, priceYuan: 0, enabled: true, groups: ['10'], formCode: '' }}
      >
        <Space.Compact block>
          <Form.Item
            name="code"
            label={t('col.code')}
            style={{ width: '35%' }}
            rules={[
              { required: true, message: t('required') },
              { pattern: /^[A-Za-z0-9._-]+$/, message: t('codeRule') },
            ]}
          >
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('col.name')}
            style={{ width: '65%', paddingLeft: 12 }}
            rules={[{ required: true, message: t('required') }]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="nature" label={t('col.nature')}>
          <Radio.Group options={[1, 2].map((n) => ({ value: n, label: t(`nature.${n}`) }))} />
        </Form.Item>
        <Space size={24}>
          <Form.Item name="times" label={t('col.times')} rules={[{ required: true, message: t('required') }]}>
            <InputNumber min={1} max={52} precision={0} />
          </Form.Item>
          <Form.Item name="priceYuan" label={t('col.price')} rules={[{ required: true, message: t('required') }]}>
            <InputNumber min={0} max={1_000_000} precision={2} />
          </Form.Item>
          <Form.Item name="formCode" label={t('col.form')}>
            <Select
              style={{ width: 180 }}
              options={[{ value: '', label: t('noForm') }, ...FD_FORM_CODES.map((c) => ({ value: c, label: t(`form.${c}`) }))]}
            />
          </Form.Item>
        </Space>
        <Form.Item name="groups" label={t('col.groups')} rules={[{ required: true, message: t('required') }]}>
          <Select mode="multiple" options={groupOptions} optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="intro" label={t('col.intro')}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
        <Form.Item name="enabled" label={t('col.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
