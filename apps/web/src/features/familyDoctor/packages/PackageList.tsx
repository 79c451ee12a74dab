import { useEffect, useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Switch, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { fdRealPrice, type FdPackageRow } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { fdApi, fmtDate, yuan, type Rights } from '../teams/api.ts';
import { GroupTags, useGroupOptions } from './GroupTags.tsx';
import { NS } from './messages.ts';

/** Packages: price, discount and real price, validity, population groups, the items with their times; enable / disable. */
export function PackageList({ rights }: { rights: Rights }) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [filter, setFilter] = useState({ keyword: '', enabled: '' });
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [editing, setEditing] = useState<FdPackageRow | 'new' | null>(null);
  const q = useQuery({
    queryKey: ['fdCatalog', 'packages', filter, page],
    queryFn: async () => (await fdApi.packages({ ...filter, ...page })).data,
    placeholderData: keepPreviousData,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['fdCatalog'] });
  const toggle = useMutation({ mutationFn: (r: FdPackageRow) => fdApi.packageEnabled(r.id, !r.enabled), onSuccess: refresh });
  const remove = useMutation({
    mutationFn: (id: string) => fdApi.removePackage(id),
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
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="fd-package-add">
            {t('addPackage')}
          </Button>
        )}
      </Space>
      <Table<FdPackageRow>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: t('empty') }}
        scroll={{ x: 1200 }}
        data-testid="fd-package-table"
        expandable={{
          expandedRowRender: (r) => (
            <Table
              size="small"
              rowKey="itemId"
              pagination={false}
              dataSource={r.items}
              columns={[
                { title: t('col.code'), dataIndex: 'code', width: 90 },
                { title: t('col.name'), dataIndex: 'name' },
                { title: t('col.nature'), dataIndex: 'nature', width: 110, render: (n: number) => t(`nature.${n}`) },
                { title: t('col.times'), dataIndex: 'times', width: 110 },
                { title: t('col.form'), dataIndex: 'formCode', width: 160, render: (c: string | null) => (c ? t(`form.${c}`) : '—') },
              ]}
            />
          ),
        }}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: q.data?.pagination.total ?? 0,
          showTotal: (n) => t('total', { n }),
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        columns={[
          { title: t('col.code'), dataIndex: 'code', width: 110 },
          { title: t('col.name'), dataIndex: 'name', width: 160 },
          { title: t('col.groups'), dataIndex: 'groups', render: (g: string[]) => <GroupTags groups={g} /> },
          { title: t('col.items'), key: 'items', width: 80, render: (_, r) => r.items.length },
          { title: t('col.price'), dataIndex: 'price', width: 100, render: yuan },
          { title: t('col.discount'), dataIndex: 'discount', width: 90 },
          {
            title: t('col.realPrice'),
            dataIndex: 'realPrice',
            width: 120,
            render: (v: number) => <Typography.Text strong>{yuan(v)}</Typography.Text>,
          },
          {
            title: t('col.validity'),
            key: 'valid',
            width: 190,
            render: (_, r) => `${fmtDate(r.validFrom)} ~ ${r.validTo ? fmtDate(r.validTo) : t('noEnd')}`,
          },
          {
            title: t('col.enabled'),
            dataIndex: 'enabled',
            width: 90,
            render: (v: boolean, r) => (
              <Switch
                size="small"
                checked={v}
                disabled={!rights.edit}
                loading={toggle.isPending}
                onChange={() => toggle.mutate(r)}
                data-testid={`fd-package-enabled-${r.code}`}
              />
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
      <PackageForm pkg={editing} onClose={(changed) => (setEditing(null), changed && refresh())} />
    </>
  );
}

interface PackageValues {
  code: string;
  name: string;
  priceYuan: number;
  discount: number;
  range: [Dayjs, Dayjs | null];
  groups: string[];
  intro: string;
  enabled: boolean;
  items: { itemId: string; times: number }[];
}

function PackageForm({ pkg, onClose }: { pkg: FdPackageRow | 'new' | null; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<PackageValues>();
  const groupOptions = useGroupOptions();
  const items = useQuery({
    queryKey: ['fdCatalog', 'allItems'],
    queryFn: async () => (await fdApi.items({ currentPage: 1, pageSize: 200, enabled: '1' })).data.list,
    enabled: !!pkg,
  });
  const price = Form.useWatch('priceYuan', form) ?? 0;
  const discount = Form.useWatch('discount', form) ?? 100;
  const chosen = Form.useWatch('items', form) ?? [];
  useEffect(() => {
    if (!pkg) return;
    form.resetFields();
    if (pkg !== 'new')
      form.setFieldsValue({
        ...pkg,
        priceYuan: pkg.price / 100,
        range: [dayjs(pkg.validFrom), pkg.validTo ? dayjs(pkg.validTo) : null],
        items: pkg.items.map((i) => ({ itemId: i.itemId, times: i.times })),
      });
  }, [pkg, form]);
  const save = useMutation({
    mutationFn: (v: PackageValues) =>
      fdApi.savePackage(pkg === 'new' || !pkg ? null : pkg.id, {
        code: v.code,
        name: v.name,
        price: Math.round(v.priceYuan * 100),
        discount: v.discount,
        validFrom: v.range[0].startOf('day').valueOf(),
        validTo: v.range[1] ? v.range[1].endOf('day').valueOf() : null,
        groups: v.groups,
        intro: v.intro ?? '',
        enabled: v.enabled,
        items: v.items,
      }),
    onSuccess: () => (toast.success(t('saved')), onClose(true)),
  });
  const itemOptions = (items.data ?? []).map((i) => ({ value: i.id, label: `${i.code} ${i.name}`, times: i.times }));
  const setChosen = (ids: string[]) =>
    form.setFieldValue(
      'items',
      ids.map((id) => chosen.find((c) => c.itemId === id) ?? { itemId: id, times: itemOptions.find((o) => o.value === id)?.times ?? 1 }),
    );

  return (
    <Modal
      open={!!pkg}
      width={760}
      title={t(pkg === 'new' ? 'titlePackageAdd' : 'titlePackageEdit')}
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
        initialValues={{ priceYuan: 0, discount: 100, enabled: true, groups: ['10'], items: [], range: [dayjs().startOf('day'), null] }}
        data-testid="fd-package-form"
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
            <Input maxLength={40} data-testid="fd-package-code" />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('col.name')}
            style={{ width: '65%', paddingLeft: 12 }}
            rules={[{ required: true, message: t('required') }]}
          >
            <Input maxLength={100} data-testid="fd-package-name" />
          </Form.Item>
        </Space.Compact>
        <Space size={24} align="start" wrap>
          <Form.Item name="priceYuan" label={t('col.price')} rules={[{ required: true, message: t('required') }]}>
            <InputNumber min={0} max={1_000_000} precision={2} data-testid="fd-package-price" />
          </Form.Item>
          <Form.Item name="discount" label={t('col.discount')} rules={[{ required: true, message: t('required') }]}>
            <InputNumber min={1} max={100} precision={0} />
          </Form.Item>
          <Form.Item label={t('col.realPrice')} extra={t('realPriceHint')}>
            <Typography.Text strong data-testid="fd-package-real-price">
              {yuan(fdRealPrice(Math.round((price || 0) * 100), discount || 100))}
            </Typography.Text>
          </Form.Item>
        </Space>
        <Form.Item name="range" label={`${t('validFrom')} ~ ${t('validTo')}`} rules={[{ required: true, message: t('required') }]}>
          <DatePicker.RangePicker allowEmpty={[false, true]} placeholder={[t('validFrom'), t('noEnd')]} />
        </Form.Item>
        <Form.Item name="groups" label={t('col.groups')} rules={[{ required: true, message: t('required') }]}>
          <Select mode="multiple" options={groupOptions} optionFilterProp="label" />
        </Form.Item>
        <Form.Item label={t('pickItems')} required>
          <Select
            mode="multiple"
            optionFilterProp="label"
            loading={items.isFetching}
            value={chosen.map((c) => c.itemId)}
            onChange={setChosen}
            options={itemOptions}
            data-testid="fd-package-items"
          />
        </Form.Item>
        <Form.List
          name="items"
          rules={[{ validator: async (_, v: unknown[]) => (v?.length ? undefined : Promise.reject(new Error(t('itemsRequired')))) }]}
        >
          {(fields, _ops, { errors }) => (
            <>
              {fields.map((f, i) => (
                <Space key={f.key} style={{ display: 'flex', marginBottom: 4 }}>
                  <span style={{ display: 'inline-block', width: 300 }}>
                    {itemOptions.find((o) => o.value === chosen[i]?.itemId)?.label ?? chosen[i]?.itemId}
                  </span>
                  <Form.Item name={[f.name, 'times']} noStyle rules={[{ required: true }]}>
                    <InputNumber min={1} max={52} precision={0} addonAfter={t('times')} />
                  </Form.Item>
                </Space>
              ))}
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
        <Form.Item name="intro" label={t('col.intro')} style={{ marginTop: 12 }}>
          <Input.TextArea rows={2} maxLength={1000} showCount />
        </Form.Item>
        <Form.Item name="enabled" label={t('col.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
