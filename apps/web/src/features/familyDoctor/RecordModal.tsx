import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { FD_CHECKLIST, type FdVerifySettings } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { fdApi } from './api.ts';
import { fmtDay, utcDay } from './format.tsx';
import { NS } from './messages.ts';
import './messages.ts';

interface Values {
  contractId: string;
  taskId?: string;
  servedAt: Dayjs;
  checklist: string[];
  lat?: number | null;
  lng?: number | null;
  address?: string;
  note?: string;
}

/**
 * A service record (服务记录): the contract (chosen from the caller's active
 * ones unless given), the open task it fulfils, the checklist of §4, the
 * position (typed or from the browser) and the date. The server judges its
 * authenticity against the resident's address.
 */
export function RecordModal({
  open,
  contractId,
  verify,
  onClose,
  onSaved,
}: {
  open: boolean;
  contractId?: string | null;
  verify: FdVerifySettings | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [keyword, setKeyword] = useState('');
  const chosen = Form.useWatch('contractId', form);
  const contracts = useQuery({
    queryKey: ['fd', 'record-contracts', keyword],
    queryFn: async () => (await fdApi.contracts({ keyword, status: 'signed', pageSize: 20 })).data.list,
    enabled: open && !contractId,
  });
  const tasks = useQuery({
    queryKey: ['fd', 'record-tasks', chosen],
    queryFn: async () => (await fdApi.tasks({ contractId: chosen, pageSize: 100, sidx: 'dueDate', sort: 'asc' })).data.list,
    enabled: open && !!chosen,
  });
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ servedAt: dayjs(), checklist: ['c01'], ...(contractId ? { contractId } : {}) });
  }, [open, contractId, form]);

  const locate = () => {
    if (!navigator.geolocation) return;
    navigator.geolocation.getCurrentPosition(
      (p) => form.setFieldsValue({ lat: Number(p.coords.latitude.toFixed(6)), lng: Number(p.coords.longitude.toFixed(6)) }),
      () => undefined,
      { timeout: 8000 },
    );
  };

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const res = await fdApi.addRecord({
        contractId: v.contractId,
        ...(v.taskId ? { taskId: v.taskId } : {}),
        servedAt: utcDay(v.servedAt) + 9 * 3_600_000,
        checklist: v.checklist,
        lat: v.lat ?? null,
        lng: v.lng ?? null,
        address: v.address ?? '',
        note: v.note ?? '',
      });
      toast.success(`${t('ok.saved')} · ${t(`auth.${res.data.authenticity}`)}`);
      onSaved();
      onClose();
    } finally {
      setBusy(false);
    }
  };

  const open0 = (tasks.data ?? []).filter((x) => x.status === '0');
  return (
    <Modal
      open={open}
      title={t('action.addRecord')}
      width={680}
      okText={t('action.save')}
      cancelText={t('action.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'fd-record-ok' } as never}
      destroyOnHidden
    >
      {verify ? (
        <Alert type="info" showIcon title={t('hint.verify', { radius: verify.radiusM, days: verify.days })} style={{ marginBottom: 12 }} />
      ) : null}
      <Form form={form} layout="vertical" data-testid="fd-record-form">
        <Form.Item name="contractId" label={t('f.contract')} rules={[{ required: true }]} hidden={!!contractId}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            placeholder={t('keyword')}
            data-testid="fd-record-contract"
            options={(contracts.data ?? []).map((c) => ({
              value: c.id,
              label: `${c.fullName} · ${c.contractNo} · ${c.packageName ?? ''}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="taskId" label={t('f.task')}>
          <Select
            allowClear
            data-testid="fd-record-task"
            loading={tasks.isFetching}
            options={open0.map((x) => ({
              value: x.id,
              label: `${x.itemName ?? ''} #${x.seq} · ${fmtDay(x.planDate)} ~ ${fmtDay(x.dueDate)}${x.shownStatus === '4' ? ` · ${t('task.4')}` : ''}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="servedAt" label={t('f.servedAt')} rules={[{ required: true }]}>
          <DatePicker allowClear={false} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item name="checklist" label={t('f.checklist')} rules={[{ required: true, type: 'array', min: 1 }]}>
          <Checkbox.Group
            data-testid="fd-record-checklist"
            style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', rowGap: 6 }}
            options={FD_CHECKLIST.map((c) => ({ value: c, label: t(`check.${c}`) }))}
          />
        </Form.Item>
        <Space align="end" wrap>
          <Form.Item name="lat" label={t('f.lat')}>
            <InputNumber min={-90} max={90} step={0.0001} style={{ width: 150 }} data-testid="fd-record-lat" />
          </Form.Item>
          <Form.Item name="lng" label={t('f.lng')}>
            <InputNumber min={-180} max={180} step={0.0001} style={{ width: 150 }} data-testid="fd-record-lng" />
          </Form.Item>
          <Form.Item>
            <Button icon={<AimOutlined />} onClick={locate}>
              {t('action.locate')}
            </Button>
          </Form.Item>
        </Space>
        <Form.Item name="address" label={t('f.address')} rules={[{ max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="note" label={t('f.note')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
