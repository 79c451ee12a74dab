import { useState } from 'react';
import { Alert, DatePicker, Form, InputNumber, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { expectedDelivery, formatGestation, gestationalAge, MAT_RISK_LEVELS, riskLevelFromScore } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { fmtDate, matApi, type Candidate } from './api.ts';
import { NS } from './messages.ts';

const utcDay = (d: Dayjs | undefined | null) => (d ? Date.UTC(d.year(), d.month(), d.date()) : undefined);

/** 孕产妇建册: a woman of the caller's units, her LMP (EDD and today's gestation shown as computed), gravidity, parity, risk. */
export function RegisterDialog({ onClose, onDone }: { onClose: () => void; onDone: (id: string) => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState(false);
  const lmp = utcDay(Form.useWatch('lmp', form));
  const score = Form.useWatch('riskScore', form) as number | undefined;
  const options = useQuery({
    queryKey: ['healthMaternal', 'candidates', keyword],
    queryFn: async () => (await matApi.candidates(keyword)).data.list,
  });
  const label = (c: Candidate) => `${c.fullName}  ${c.idNumber}${c.age !== null ? `  ${c.age}` : ''}`;
  const ok = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const res = await matApi.create({
        residentId: v.residentId,
        lmp: utcDay(v.lmp),
        gravidity: v.gravidity,
        parity: v.parity,
        riskScore: v.riskScore ?? 0,
        ...(v.riskLevel ? { riskLevel: v.riskLevel } : {}),
      });
      toast.success(t('registered'));
      onDone(res.data.id);
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
      title={t('register')}
      onCancel={onClose}
      onOk={() => void ok()}
      confirmLoading={busy}
      okText={t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{ 'data-testid': 'mat-register-ok' } as never}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ gravidity: 1, parity: 0, riskScore: 0 }}>
        <Form.Item name="residentId" label={t('resident')} rules={[{ required: true }]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            placeholder={t('residentPick')}
            loading={options.isFetching}
            options={(options.data ?? []).map((c) => ({ value: c.id, label: label(c) }))}
            data-testid="mat-register-resident"
            className="mat-register-resident"
          />
        </Form.Item>
        <Form.Item name="lmp" label={t('lmp')} rules={[{ required: true }]}>
          <DatePicker style={{ width: '100%' }} className="mat-register-lmp" />
        </Form.Item>
        {lmp !== undefined && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="mat-register-computed"
            message={t('computed', { edd: fmtDate(expectedDelivery(lmp)), g: formatGestation(gestationalAge(lmp, Date.now())) })}
          />
        )}
        <div style={{ display: 'flex', gap: 16 }}>
          <Form.Item name="gravidity" label={t('gravidity')} rules={[{ required: true }]}>
            <InputNumber min={1} max={20} precision={0} />
          </Form.Item>
          <Form.Item name="parity" label={t('parity')} rules={[{ required: true }]}>
            <InputNumber min={0} max={19} precision={0} />
          </Form.Item>
          <Form.Item name="riskScore" label={t('riskScore')}>
            <InputNumber min={0} max={200} precision={0} />
          </Form.Item>
        </div>
        <Form.Item name="riskLevel" label={t('risk')} extra={t('riskSuggested', { level: t(`risk.${riskLevelFromScore(score ?? 0)}`) })}>
          <Select allowClear options={MAT_RISK_LEVELS.map((k) => ({ value: k, label: `${t(`risk.${k}`)}（${t(`riskHint.${k}`)}）` }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
