import { useEffect, useState } from 'react';
import { DatePicker, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.ts';
import { useUser } from '../../../app/stores/userStore.ts';
import { UserSelect } from '../../../components/pickers/org/index.ts';
import { workflowListsApi, type EntrustRow } from './api.ts';
import { ALL_FLOWS, entrustBody, entrustProblems, entrustValues, type EntrustValues } from './entrust.ts';
import { NS } from './messages.ts';
import { useFlowOptions } from './useFlowOptions.ts';

/**
 * Creates or edits one entrust rule: delegate, flow (or all flows), period
 * with times, description. The same checks as the server run on the fields
 * first; what only the server knows (an overlapping rule) comes back as its
 * message and the dialog stays open.
 */
export function EntrustForm({
  editing,
  onClose,
  onSaved,
}: {
  editing: EntrustRow | 'new' | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation(NS);
  const me = useUser((s) => s.userInfo?.userId);
  const flows = useFlowOptions();
  const [form] = Form.useForm<EntrustValues>();
  const [busy, setBusy] = useState(false);
  const open = editing !== null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing !== 'new') form.setFieldsValue(entrustValues(editing));
    else form.setFieldsValue({ flowId: ALL_FLOWS });
  }, [open, editing, form]);

  /** One rule per field, reporting the problem entrustProblems finds there. */
  const check = (field: 'delegateId' | 'period') => ({
    validator: async () => {
      const problem = entrustProblems(form.getFieldsValue(true) as EntrustValues, me).find((p) => p.field === field);
      if (problem) throw new Error(t(problem.key));
    },
  });

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const body = entrustBody(values);
      if (editing === 'new') await workflowListsApi.createEntrust(body);
      else if (editing) await workflowListsApi.updateEntrust(editing.id, body);
      toast.success(t('entrust.saved'));
      onClose();
      await onSaved();
    } catch {
      // The http client showed the server's message (overlap, unknown user); keep the form.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(editing === 'new' ? 'entrust.addTitle' : 'entrust.editTitle')}
      okText={t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: busy, ...({ 'data-testid': 'wf-entrust-ok' } as object) }}
      onOk={() => void submit()}
      onCancel={onClose}
      width={560}
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="wf-entrust-form">
        <Form.Item name="delegateId" label={t('entrust.delegate')} required rules={[check('delegateId')]}>
          <UserSelect data-testid="wf-entrust-delegate" />
        </Form.Item>
        <Form.Item name="flowId" label={t('entrust.flow')}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={flows.isLoading}
            data-testid="wf-entrust-flow"
            options={[
              { value: ALL_FLOWS, label: t('entrust.allFlows') },
              ...(flows.data ?? []).map((f) => ({ value: f.id, label: f.fullName })),
            ]}
          />
        </Form.Item>
        <Form.Item name="period" label={t('entrust.period')} required rules={[check('period')]}>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            placeholder={[t('entrust.startAt'), t('entrust.endAt')]}
            data-testid="wf-entrust-period"
          />
        </Form.Item>
        <Form.Item name="description" label={t('entrust.description')}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
