import { useState } from 'react';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { ChunkUploader } from '../../components/upload/index.ts';
import { healthApi } from '../health/shared/healthApi.ts';
import { consultApi } from './api.ts';
import { NS } from './messages.ts';

/** Apply for a consultation: a patient of the caller's archive (no re-typing), the question, urgency, mode, department or expert, attachments. */
export function ApplyModal({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const dept = Form.useWatch('deptId', form) as string | undefined;
  const residents = useQuery({
    queryKey: ['consult', 'residents', search],
    queryFn: async () =>
      (await healthApi.residents({ currentPage: 1, pageSize: 30, keyword: search, archiveState: 1 })).data.list.map((r) => ({
        value: r.id,
        label: `${r.fullName} ${r.idNumber} ${r.manageOrgName ?? ''}`,
      })),
  });
  const options = useQuery({ queryKey: ['consult', 'options'], queryFn: async () => (await consultApi.options()).data });
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const res = await consultApi.apply({
        ...v,
        deptId: v.deptId ?? '',
        expertId: v.expertId ?? '',
        attachments: (v.attachments ?? []) as FileEntry[],
      });
      toast.success(t('applied', { code: res.data.code }));
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('apply')}
      width={680}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'consult-apply-ok' } as never}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ urgency: 'normal', mode: 'video' }} data-testid="consult-apply-form">
        <Form.Item name="residentId" label={t('patient')} rules={[{ required: true, message: t('required') }]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setSearch}
            loading={residents.isFetching}
            options={residents.data ?? []}
            placeholder={t('searchPatient')}
            data-testid="consult-apply-patient"
          />
        </Form.Item>
        <Form.Item name="question" label={t('question')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
          <Input.TextArea rows={3} maxLength={2000} showCount data-testid="consult-apply-question" />
        </Form.Item>
        <Form.Item name="summary" label={t('summary')}>
          <Input.TextArea rows={3} maxLength={4000} />
        </Form.Item>
        <Form.Item name="urgency" label={t('urgency')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'normal', label: t('urgency.normal') },
              { value: 'urgent', label: t('urgency.urgent') },
            ]}
          />
        </Form.Item>
        <Form.Item name="mode" label={t('mode')}>
          <Radio.Group
            optionType="button"
            options={(['video', 'image', 'text'] as const).map((m) => ({ value: m, label: t(`mode.${m}`) }))}
          />
        </Form.Item>
        <Form.Item name="deptId" label={t('dept')}>
          <Select
            allowClear
            data-testid="consult-apply-dept"
            options={(options.data?.depts ?? []).map((d) => ({ value: d.id, label: d.fullName }))}
          />
        </Form.Item>
        <Form.Item name="expertId" label={t('expert')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            options={(options.data?.experts ?? [])
              .filter((e) => !dept || e.deptId === dept)
              .map((e) => ({ value: e.id, label: `${e.realName}（${e.deptName ?? ''}）` }))}
          />
        </Form.Item>
        <Form.Item name="attachments" label={t('attachments')} valuePropName="value">
          <ChunkUploader />
        </Form.Item>
      </Form>
    </Modal>
  );
}
