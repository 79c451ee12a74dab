import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Switch, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.ts';
import { childApi, type ChildRow, type Person } from './api.ts';
import { ChildDrawer } from './ChildDrawer.tsx';
import { personColumns, recordColumns } from './columns.tsx';
import { fmtDate } from './format.ts';
import { NS } from './messages.ts';
import './messages.ts';
import { useWorklistQuery, WorklistToolbar } from '../shared/WorklistToolbar.tsx';

/**
 * Menu child_case (issue 18, M7): the children's health records of the
 * caller's units, youngest first, masked; a new record for a child aged 0–6 of
 * the archive linked to the mother; the record's page with its schedule.
 */
export default function ChildRecordsPage() {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const query = useWorklistQuery();
  const { page, setPage } = query;
  const [weakOnly, setWeakOnly] = useState(false);
  const [open, setOpen] = useState<ChildRow | null>(null);
  const [creating, setCreating] = useState(false);
  const q = { ...page, keyword: query.applied, weak: weakOnly ? '1' : '' };
  const list = useQuery({
    queryKey: ['healthChild', 'children', q],
    queryFn: async () => (await childApi.children(q)).data,
    placeholderData: keepPreviousData,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['healthChild'] });
  const actions: ColumnsType<ChildRow> = [
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      width: 80,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r)} data-testid={`child-view-${r.residentId}`}>
          {t('view')}
        </Button>
      ),
    },
  ];
  return (
    <Card size="small" style={{ margin: 12 }} data-testid="child-records">
      <WorklistToolbar
        query={query}
        onRefresh={refresh}
        toggle={{
          checked: weakOnly,
          onChange: (v) => {
            setWeakOnly(v);
            query.firstPage();
          },
          label: t('weak'),
        }}
        style={{ marginBottom: 12 }}
      >
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="child-new">
          {t('newRecord')}
        </Button>
      </WorklistToolbar>
      <Table<ChildRow>
        rowKey={(r) => r.childId ?? r.residentId}
        size="small"
        loading={list.isFetching}
        columns={[...personColumns(t), ...recordColumns(t), ...actions]}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 1200 }}
        locale={{ emptyText: t('noData') }}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: list.data?.pagination.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => <span data-testid="child-total">{t('total', { total })}</span>,
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
      />
      {open && <ChildDrawer row={open} onClose={() => setOpen(null)} />}
      {creating && <NewRecordDialog onClose={() => setCreating(false)} onDone={refresh} />}
    </Card>
  );
}

function NewRecordDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const [keyword, setKeyword] = useState('');
  const [motherKeyword, setMotherKeyword] = useState('');
  const [busy, setBusy] = useState(false);
  const childId = Form.useWatch('residentId', form) as string | undefined;
  const children = useQuery({
    queryKey: ['healthChild', 'candidates', keyword],
    queryFn: async () => (await childApi.candidates(keyword)).data.list,
  });
  const mothers = useQuery({
    queryKey: ['healthChild', 'mothers', childId, motherKeyword],
    queryFn: async () => (await childApi.mothers(childId!, motherKeyword)).data.list,
    enabled: !!childId,
  });
  const label = (p: Person) => `${p.fullName}  ${p.idNumber}  ${p.birthDate ? fmtDate(p.birthDate) : ''}`;
  const ok = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const d = v.dischargeDate as { year(): number; month(): number; date(): number } | undefined;
      await childApi.create({
        residentId: v.residentId,
        motherResidentId: v.motherResidentId ?? null,
        birthWeightG: v.birthWeightG ?? null,
        birthLengthCm: v.birthLengthCm ?? null,
        gestationalWeeks: v.gestationalWeeks ?? null,
        dischargeDate: d ? Date.UTC(d.year(), d.month(), d.date()) : null,
        weak: !!v.weak,
        weakReason: v.weakReason || null,
      });
      toast.success(t('created'));
      onDone();
      onClose();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('newRecord')}
      onCancel={onClose}
      onOk={() => void ok()}
      confirmLoading={busy}
      okText={t('ok')}
      cancelText={t('cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="residentId" label={t('child')} rules={[{ required: true }]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            placeholder={t('childPick')}
            loading={children.isFetching}
            options={(children.data ?? []).map((c) => ({ value: c.id, label: label(c) }))}
            data-testid="child-new-resident"
          />
        </Form.Item>
        <Form.Item name="motherResidentId" label={t('mother')}>
          <Select
            showSearch
            allowClear
            filterOption={false}
            onSearch={setMotherKeyword}
            placeholder={t('motherPick')}
            disabled={!childId}
            options={(mothers.data ?? []).map((c) => ({ value: c.id, label: `${c.fullName}  ${c.idNumber}` }))}
          />
        </Form.Item>
        <Space wrap>
          <Form.Item name="birthWeightG" label={t('birthWeightG')}>
            <InputNumber min={300} max={7000} precision={0} />
          </Form.Item>
          <Form.Item name="birthLengthCm" label={t('birthLengthCm')}>
            <InputNumber min={20} max={70} precision={1} />
          </Form.Item>
          <Form.Item name="gestationalWeeks" label={t('gestationalWeeks')}>
            <InputNumber min={20} max={45} precision={0} />
          </Form.Item>
          <Form.Item name="dischargeDate" label={t('dischargeDate')}>
            <DatePicker />
          </Form.Item>
        </Space>
        <Form.Item name="weak" label={t('weakManual')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="weakReason" label={t('weakReason')}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
