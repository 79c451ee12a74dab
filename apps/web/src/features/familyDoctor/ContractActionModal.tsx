import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FD_TERMINATE_REASONS, type FdContractRow, type FdMeta } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { fdApi } from './api.ts';
import { NS } from './messages.ts';
import './messages.ts';

export type ModifyAction = 'terminate' | 'renew' | 'change';

/** 解约 with a reason, 续约 into the next term (term, package), 变更 of team or package. */
export function ContractActionModal({
  action,
  row,
  meta,
  onClose,
  onDone,
}: {
  action: ModifyAction | null;
  row: FdContractRow | null;
  meta: FdMeta | undefined;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const open = !!action && !!row;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ termYears: row!.termYears, packageId: row!.packageId, teamId: row!.teamId });
  }, [open, row, form]);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const body: Record<string, unknown> = { note: v.note ?? '' };
      if (action === 'terminate') body.reason = v.reason;
      if (action === 'renew') Object.assign(body, { termYears: v.termYears, packageId: v.packageId });
      if (action === 'change') {
        if (v.teamId !== row!.teamId) body.teamId = v.teamId;
        if (v.packageId !== row!.packageId) body.packageId = v.packageId;
      }
      await fdApi.act(row!.id, action!, body);
      toast.success(t('ok.done'));
      onDone();
      onClose();
    } finally {
      setBusy(false);
    }
  };
  const packages = (meta?.packages ?? []).map((p) => ({ value: p.id, label: p.name }));
  return (
    <Modal
      open={open}
      title={action ? `${t(`action.${action}`)} · ${row?.contractNo ?? ''}` : ''}
      okText={action ? t(`action.${action}`) : ''}
      okButtonProps={{ danger: action === 'terminate', 'data-testid': 'fd-action-ok' } as never}
      cancelText={t('action.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {action === 'terminate' ? <Alert type="warning" showIcon title={t('confirm.terminate')} style={{ marginBottom: 12 }} /> : null}
      {action === 'renew' ? <Alert type="info" showIcon title={t('hint.renew')} style={{ marginBottom: 12 }} /> : null}
      {action === 'change' ? <Alert type="info" showIcon title={t('hint.change')} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical">
        {action === 'terminate' ? (
          <Form.Item name="reason" label={t('f.reason')} rules={[{ required: true }]}>
            <Select data-testid="fd-terminate-reason" options={FD_TERMINATE_REASONS.map((r) => ({ value: r, label: t(`reason.${r}`) }))} />
          </Form.Item>
        ) : null}
        {action === 'renew' ? (
          <Form.Item name="termYears" label={t('f.termYears')} rules={[{ required: true }]}>
            <Select options={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: t('years', { n }) }))} />
          </Form.Item>
        ) : null}
        {action === 'change' ? (
          <Form.Item name="teamId" label={t('f.team')} rules={[{ required: true }]}>
            <Select options={(meta?.teams ?? []).map((x) => ({ value: x.id, label: x.name }))} />
          </Form.Item>
        ) : null}
        {action === 'renew' || action === 'change' ? (
          <Form.Item name="packageId" label={t('f.package')} rules={[{ required: true }]}>
            <Select options={packages} />
          </Form.Item>
        ) : null}
        <Form.Item name="note" label={t('f.note')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
