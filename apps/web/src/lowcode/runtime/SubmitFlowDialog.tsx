import { useState } from 'react';
import { Form, Input, Modal, Radio } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FlowUrgency } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { NS } from '../messages.ts';
import { modelFlowApi, type ModelFlow } from './flowApi.ts';
import './flowMessages.ts';
import { URGENCIES } from '../../components/flowTags/flowTags.ts';
import { useFlowTagText } from '../../components/flowTags/FlowTags.tsx';

interface Values {
  flowId: string;
  title: string;
  urgency: number;
}

/**
 * Submits one record into its model's flow (POST FlowBefore/Submit). With one
 * bound flow it is preselected; with several the user chooses. The server
 * checks the record, the starter and a flow already running (409), whose
 * message the HTTP client shows.
 */
export function SubmitFlowDialog({
  modelId,
  recordId,
  flows,
  onClose,
  onSubmitted,
}: {
  modelId: string;
  recordId: string;
  flows: ModelFlow[];
  onClose: () => void;
  onSubmitted: () => void;
}) {
  const { t } = useTranslation(NS);
  const tags = useFlowTagText();
  const [form] = Form.useForm<Values>();
  const [initial] = useState<Partial<Values>>({
    flowId: flows.length === 1 ? flows[0]!.id : undefined,
    title: '',
    urgency: FlowUrgency.normal,
  });
  const submit = useMutation({
    mutationFn: (v: Values) =>
      modelFlowApi.submit({
        flowId: v.flowId,
        modelId,
        recordId,
        title: v.title?.trim() ?? '',
        urgency: v.urgency as 1 | 2 | 3,
      }),
    onSuccess: () => {
      toast.success(t('flow.submitted'));
      onSubmitted();
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t('flow.submitTitle')}
      okText={t('flow.submit')}
      cancelText={t('cancel')}
      confirmLoading={submit.isPending}
      onOk={() => void form.validateFields().then((v) => submit.mutate(v))}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} data-testid="lc-submit-form">
        <Form.Item name="flowId" label={t('flow.chooseFlow')} rules={[{ required: true, message: t('flow.chooseFlowRequired') }]}>
          <Radio.Group
            options={flows.map((f) => ({ value: f.id, label: f.fullName }))}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            data-testid="lc-submit-flows"
          />
        </Form.Item>
        <Form.Item name="title" label={t('flow.titleLabel')} rules={[{ max: 200 }]}>
          <Input placeholder={t('flow.titlePlaceholder')} maxLength={200} allowClear />
        </Form.Item>
        <Form.Item name="urgency" label={t('flow.urgency')}>
          <Radio.Group optionType="button" options={URGENCIES.map((u) => ({ value: u, label: tags.urgency(u) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
