import { useState } from 'react';
import { Button, Card, Empty, Form, Input, Modal, Radio, Select, Space, Switch, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.ts';
import { healthApi, type TransferRow } from '../shared/healthApi.ts';
import { time } from './format.ts';
import { NS } from './messages.ts';

const COLORS = ['default', 'processing', 'success', 'error'];

/** Archive transfers: requests out of the caller's units and into them; the receiving unit confirms or returns. */
function Transfers({ manage }: { manage: boolean }) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [q, setQ] = useState({
    currentPage: 1,
    pageSize: 20,
    box: (manage ? 'in' : 'all') as 'in' | 'out' | 'all',
    state: '' as number | '',
    keyword: '',
  });
  const [creating, setCreating] = useState(false);
  const [returning, setReturning] = useState<TransferRow | null>(null);
  const [form] = Form.useForm();
  const [retForm] = Form.useForm();
  const [kind, setKind] = useState<'person' | 'family'>('person');
  const [search, setSearch] = useState('');
  const [toOrg, setToOrg] = useState<string>();
  const rights = useQuery({ queryKey: ['health', 'rights'], queryFn: async () => (await healthApi.rights()).data });
  const data = useQuery({ queryKey: ['health', 'transfers', q], queryFn: async () => (await healthApi.transfers(q)).data });
  const units = useQuery({
    queryKey: ['health', 'unitsAll'],
    queryFn: async () => (await healthApi.units()).data as unknown as { targets: { id: string; fullName: string }[] },
  });
  const doctors = useQuery({
    queryKey: ['health', 'doctors', toOrg],
    queryFn: async () => (await healthApi.doctors(toOrg!)).data.list,
    enabled: !!toOrg,
  });
  const subjects = useQuery({
    queryKey: ['health', 'subjects', kind, search],
    queryFn: async () =>
      kind === 'person'
        ? (await healthApi.residents({ currentPage: 1, pageSize: 30, keyword: search, archiveState: 1 })).data.list.map((r) => ({
            value: r.id,
            label: `${r.fullName} ${r.idNumber} ${r.manageOrgName ?? ''}`,
          }))
        : (await healthApi.families({ currentPage: 1, pageSize: 30, keyword: search })).data.list.map((f) => ({
            value: f.id,
            label: `${f.familyName}（${f.memberCount}）${f.manageOrgName ?? ''}`,
          })),
    enabled: creating,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['health'] });
  const act = async (r: TransferRow, action: 'submit' | 'confirm' | 'withdraw') => {
    await healthApi.transferAction(r.id, action);
    toast.success(t('done'));
    refresh();
  };
  const canManage = manage && !!rights.data?.transfer;
  return (
    <Card>
      <Space wrap style={{ marginBottom: 12 }}>
        <Radio.Group
          value={q.box}
          onChange={(e) => setQ({ ...q, box: e.target.value, currentPage: 1 })}
          optionType="button"
          options={(['in', 'out', 'all'] as const).map((b) => ({ value: b, label: t(`box.${b}`) }))}
        />
        <Select
          style={{ width: 140 }}
          value={q.state}
          onChange={(v) => setQ({ ...q, state: v, currentPage: 1 })}
          options={[{ value: '', label: t('allStates') }, ...[0, 1, 2, 3].map((s) => ({ value: s, label: t(`ts.${s}`) }))]}
        />
        <Input.Search
          allowClear
          maxLength={50}
          placeholder={t('fullName')}
          onSearch={(v) => setQ({ ...q, keyword: v, currentPage: 1 })}
          style={{ width: 200 }}
        />
        {canManage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="new-transfer">
            {t('newTransfer')}
          </Button>
        )}
      </Space>
      <Table<TransferRow>
        rowKey="id"
        loading={data.isFetching}
        dataSource={data.data?.list ?? []}
        locale={{ emptyText: <Empty description={t('empty')} /> }}
        scroll={{ x: 1100 }}
        columns={[
          {
            title: t('subject'),
            dataIndex: 'subjectName',
            render: (v: string, r) => `${v}${r.kind === 'family' ? `（${t('kind.family')} ${r.memberCount}）` : ''}`,
          },
          { title: t('fromUnit'), dataIndex: 'fromOrgName' },
          { title: t('toUnit'), dataIndex: 'toOrgName' },
          { title: t('toDoctor'), dataIndex: 'toDoctorName', width: 90 },
          { title: t('transferReason'), dataIndex: 'reason' },
          {
            title: t('state'),
            dataIndex: 'state',
            width: 110,
            render: (v: number, r) => (
              <Tag color={COLORS[v]} title={r.returnReason ?? undefined}>
                {t(`ts.${v}`)}
              </Tag>
            ),
          },
          { title: t('requester'), dataIndex: 'createdByName', width: 90 },
          { title: t('createdAt'), dataIndex: 'createdAt', width: 150, render: (v: number) => time(v) },
          {
            title: t('actions'),
            key: 'a',
            width: 190,
            render: (_: unknown, r) =>
              canManage && (
                <Space size={0}>
                  {r.canSubmit && r.state === 0 && (
                    <Button size="small" type="link" onClick={() => act(r, 'submit')}>
                      {t('submit')}
                    </Button>
                  )}
                  {r.canSubmit && r.state === 1 && (
                    <Button size="small" type="link" onClick={() => act(r, 'withdraw')}>
                      {t('withdraw')}
                    </Button>
                  )}
                  {r.canDecide && (
                    <Button size="small" type="link" onClick={() => act(r, 'confirm')} data-testid="transfer-confirm">
                      {t('confirm')}
                    </Button>
                  )}
                  {r.canDecide && (
                    <Button size="small" type="link" danger onClick={() => setReturning(r)}>
                      {t('return')}
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
        pagination={{
          current: q.currentPage,
          pageSize: q.pageSize,
          total: data.data?.pagination.total ?? 0,
          showTotal: (total) => t('total', { total }),
          onChange: (p, s) => setQ({ ...q, currentPage: p, pageSize: s }),
        }}
      />
      <Modal
        open={creating}
        title={t('newTransfer')}
        okText={t('ok')}
        cancelText={t('cancel')}
        destroyOnHidden
        onCancel={() => setCreating(false)}
        onOk={async () => {
          const v = await form.validateFields();
          await healthApi.createTransfer({
            kind,
            residentId: kind === 'person' ? v.subject : undefined,
            familyId: kind === 'family' ? v.subject : undefined,
            toOrgId: v.toOrgId,
            toDoctorId: v.toDoctorId,
            reason: v.reason,
            submit: v.submit ?? true,
          });
          toast.success(t('done'));
          setCreating(false);
          form.resetFields();
          refresh();
        }}
      >
        <Form form={form} layout="vertical" initialValues={{ submit: true }}>
          <Form.Item label={t('kind')}>
            <Radio.Group
              value={kind}
              onChange={(e) => {
                setKind(e.target.value);
                form.setFieldValue('subject', undefined);
              }}
              options={(['person', 'family'] as const).map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            />
          </Form.Item>
          <Form.Item name="subject" label={t('subject')} rules={[{ required: true }]}>
            <Select showSearch filterOption={false} onSearch={setSearch} options={subjects.data ?? []} />
          </Form.Item>
          <Form.Item name="toOrgId" label={t('toUnit')} rules={[{ required: true }]}>
            <Select
              onChange={(v) => {
                setToOrg(v);
                form.setFieldValue('toDoctorId', undefined);
              }}
              options={(units.data?.targets ?? []).map((u) => ({ value: u.id, label: u.fullName }))}
            />
          </Form.Item>
          <Form.Item name="toDoctorId" label={t('toDoctor')}>
            <Select allowClear options={(doctors.data ?? []).map((d) => ({ value: d.id, label: d.realName }))} />
          </Form.Item>
          <Form.Item name="reason" label={t('transferReason')} rules={[{ required: true, whitespace: true }, { max: 500 }]}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          <Form.Item name="submit" label={t('submitNow')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={!!returning}
        title={t('return')}
        okText={t('ok')}
        cancelText={t('cancel')}
        destroyOnHidden
        onCancel={() => setReturning(null)}
        onOk={async () => {
          const v = await retForm.validateFields();
          await healthApi.transferAction(returning!.id, 'return', { reason: v.reason });
          setReturning(null);
          refresh();
        }}
      >
        <Form form={retForm} layout="vertical">
          <Form.Item name="reason" label={t('returnReason')} rules={[{ required: true, whitespace: true, message: t('reasonRequired') }]}>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

export function TransferManagePage() {
  return <Transfers manage />;
}
export function TransferSearchPage() {
  return <Transfers manage={false} />;
}
