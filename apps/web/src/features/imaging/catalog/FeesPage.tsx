import { useState } from 'react';
import { Button, Card, DatePicker, Descriptions, Form, InputNumber, Modal, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { IMG_FEE_KINDS, IMG_PAYER_RULES, type ImagingCentre, type ImgFee } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { catalogApi } from './api.ts';
import { CatalogShell } from './CatalogShell.tsx';
import { EditRemove } from './RowActions.tsx';
import { NS } from './messages.ts';
import './messages.ts';

/**
 * 收费标准 (img_fee_schedule): diagnosis and application fees per item or the
 * centre default, each from a date, with who pays whom; rows in effect are
 * history (add a new one to re-price), future rows may change. The lookup
 * shows the fees a study released on a date is charged.
 */
export default function FeesPage() {
  const { t } = useTranslation(NS);
  return (
    <CatalogShell menu="img_fee_schedule" title={t('page.fees')} testId="img-fees">
      {(centre, rights) => <Fees key={centre} centre={centre} rights={rights} />}
    </CatalogShell>
  );
}

type Rights = { add: boolean; edit: boolean; remove: boolean };
export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
const DEFAULT = '-';

function Fees({ centre, rights }: { centre: ImagingCentre; rights: Rights }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [itemId, setItemId] = useState<string | undefined>();
  const [kind, setKind] = useState('');
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [editing, setEditing] = useState<ImgFee | 'new' | null>(null);
  const [lookup, setLookup] = useState<{ itemId?: string; at: Dayjs }>({ at: dayjs() });
  const items = useQuery({
    queryKey: ['imgCatalog', 'items', centre, 'options'],
    queryFn: async () => (await catalogApi.items({ centre, pageSize: 500 })).data.list,
  });
  const itemOptions = [{ value: DEFAULT, label: t('defaultFee') }, ...(items.data ?? []).map((i) => ({ value: i.id, label: i.name }))];
  const q = useQuery({
    queryKey: ['imgCatalog', 'fees', centre, itemId, kind, page],
    queryFn: async () => (await catalogApi.fees({ centre, ...(itemId ? { itemId } : {}), kind, ...page })).data,
    placeholderData: keepPreviousData,
  });
  const inForce = useQuery({
    queryKey: ['imgCatalog', 'fees', 'in-force', centre, lookup.itemId, lookup.at.valueOf()],
    queryFn: async () => (await catalogApi.feesInForce(centre, lookup.itemId, lookup.at.endOf('day').valueOf())).data,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['imgCatalog', 'fees'] });
  const now = Date.now();
  return (
    <>
      <Card size="small" className="img-fee-lookup" title={t('feeLookup')} style={{ marginBottom: 12 }} data-testid="img-fee-lookup">
        <Space wrap>
          <Select
            allowClear
            placeholder={t('defaultFee')}
            style={{ width: 220 }}
            value={lookup.itemId}
            onChange={(v) => setLookup({ ...lookup, itemId: v })}
            options={itemOptions.slice(1)}
          />
          <DatePicker allowClear={false} value={lookup.at} onChange={(d) => d && setLookup({ ...lookup, at: d })} />
          <Descriptions size="small" column={3} style={{ marginLeft: 16 }}>
            <Descriptions.Item label={t('kind.diag')}>
              <b data-testid="img-fee-diag">{inForce.data ? yuan(inForce.data.diagFee) : '—'}</b>
            </Descriptions.Item>
            <Descriptions.Item label={t('kind.apply')}>
              <b>{inForce.data ? yuan(inForce.data.applyFee) : '—'}</b>
            </Descriptions.Item>
            <Descriptions.Item label={t('payerRule')}>
              {inForce.data?.diag ? t(`payer.${inForce.data.diag.payerRule}`) : '—'}
            </Descriptions.Item>
          </Descriptions>
        </Space>
      </Card>
      <div className="img-catalog-toolbar">
        <Select
          allowClear
          placeholder={t('item')}
          style={{ width: 220 }}
          value={itemId}
          onChange={(v) => (setItemId(v), setPage({ ...page, currentPage: 1 }))}
          options={itemOptions}
        />
        <Select
          style={{ width: 140 }}
          value={kind}
          onChange={(v) => (setKind(v), setPage({ ...page, currentPage: 1 }))}
          options={[{ value: '', label: t('allKinds') }, ...IMG_FEE_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))]}
        />
        {rights.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="img-fee-add">
            {t('addFee')}
          </Button>
        )}
      </div>
      <Table<ImgFee>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: t('empty') }}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: q.data?.pagination.total ?? 0,
          showSizeChanger: true,
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        columns={[
          { title: t('item'), dataIndex: 'itemName', render: (v: string | null) => v ?? <Tag>{t('defaultFee')}</Tag> },
          { title: t('feeKind'), dataIndex: 'kind', width: 110, render: (v: string) => t(`kind.${v}`) },
          { title: t('amount'), dataIndex: 'amount', width: 110, align: 'right', render: (v: number) => yuan(v) },
          { title: t('payerRule'), dataIndex: 'payerRule', width: 170, render: (v: string) => t(`payer.${v}`) },
          { title: t('effectiveFrom'), dataIndex: 'effectiveFrom', width: 120, render: (v: number) => dayjs(v).format('YYYY-MM-DD') },
          {
            title: t('state'),
            width: 100,
            render: (_: unknown, r) =>
              r.inForce ? (
                <Tag color="green">{t('inForce')}</Tag>
              ) : r.effectiveFrom > now ? (
                <Tag color="blue">{t('future')}</Tag>
              ) : (
                <Tag>{t('history')}</Tag>
              ),
          },
          {
            title: t('actions'),
            width: 160,
            render: (_: unknown, r) =>
              r.effectiveFrom > now ? (
                <EditRemove
                  canEdit={rights.edit}
                  canRemove={rights.remove}
                  onEdit={() => setEditing(r)}
                  onRemove={() => void catalogApi.removeFee(r.id).then(() => (toast.success(t('removed')), refresh()))}
                />
              ) : (
                <span className="img-catalog-text">{t('locked')}</span>
              ),
          },
        ]}
      />
      {editing && (
        <FeeModal
          centre={centre}
          row={editing === 'new' ? null : editing}
          itemOptions={itemOptions}
          onClose={() => setEditing(null)}
          onSaved={() => (setEditing(null), void refresh())}
        />
      )}
    </>
  );
}

interface FeeForm {
  itemId: string;
  kind: string;
  amount: number;
  payerRule: string;
  effectiveFrom: Dayjs;
}

function FeeModal({
  centre,
  row,
  itemOptions,
  onClose,
  onSaved,
}: {
  centre: ImagingCentre;
  row: ImgFee | null;
  itemOptions: { value: string; label: string }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<FeeForm>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body = {
        centre,
        itemId: v.itemId === DEFAULT ? null : v.itemId,
        kind: v.kind,
        amount: Math.round(v.amount * 100),
        payerRule: v.payerRule,
        effectiveFrom: v.effectiveFrom.startOf('day').valueOf(),
      };
      if (row) await catalogApi.updateFee(row.id, body);
      else await catalogApi.createFee(body);
      toast.success(t('saved'));
      onSaved();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={row ? t('editFee') : t('addFee')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText={t('save')}
      cancelText={t('cancel')}
      destroyOnHidden
    >
      <Form<FeeForm>
        form={form}
        layout="vertical"
        initialValues={{
          itemId: row ? (row.itemId ?? DEFAULT) : DEFAULT,
          kind: row?.kind ?? 'diag',
          amount: row ? row.amount / 100 : undefined,
          payerRule: row?.payerRule ?? 'applicant_to_centre',
          effectiveFrom: row ? dayjs(row.effectiveFrom) : dayjs().add(1, 'day').startOf('day'),
        }}
      >
        <Form.Item name="itemId" label={t('item')} rules={[{ required: true, message: t('required') }]}>
          <Select showSearch optionFilterProp="label" options={itemOptions} data-testid="img-fee-item" />
        </Form.Item>
        <Form.Item name="kind" label={t('feeKind')} rules={[{ required: true, message: t('required') }]}>
          <Select options={IMG_FEE_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))} />
        </Form.Item>
        <Form.Item name="amount" label={t('amountYuan')} rules={[{ required: true, message: t('required') }]}>
          <InputNumber min={0} max={100000} precision={2} step={1} style={{ width: '100%' }} data-testid="img-fee-amount" />
        </Form.Item>
        <Form.Item name="payerRule" label={t('payerRule')} rules={[{ required: true, message: t('required') }]}>
          <Select options={IMG_PAYER_RULES.map((p) => ({ value: p, label: t(`payer.${p}`) }))} />
        </Form.Item>
        <Form.Item
          name="effectiveFrom"
          label={t('effectiveFrom')}
          rules={[{ required: true, message: t('required') }]}
          extra={t('effectiveHint')}
        >
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
