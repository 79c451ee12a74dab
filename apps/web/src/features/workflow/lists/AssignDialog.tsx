import { useState } from 'react';
import { Alert, Form, Input, Modal, Select, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.ts';
import { UserSelect } from '../../../components/pickers/org/index.ts';
import { workflowListsApi, type FlowRow } from './api.ts';
import { waitingNodes } from './assign.ts';
import { NS } from './messages.ts';

interface Values {
  nodeId?: string;
  toUserId?: string;
  opinion?: string;
}

/**
 * The monitor hands a waiting node of an instance to another approver: the
 * node is one the instance waits on now, read from its detail.
 */
export function AssignDialog({ row, onClose, onDone }: { row: FlowRow | null; onClose: () => void; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const detail = useQuery({
    queryKey: ['workflow', 'assignNodes', row?.instanceId],
    enabled: !!row,
    queryFn: async () => waitingNodes((await workflowListsApi.detail(row!.instanceId)).data.tasks),
    retry: false,
  });
  const nodes = detail.data ?? [];
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await workflowListsApi.assign(row!.instanceId, { nodeId: v.nodeId!, toUserId: v.toUserId!, opinion: (v.opinion ?? '').trim() });
      toast.success(t('assigned'));
      onClose();
      await onDone();
    } catch {
      // The http client showed the server's message; the dialog stays to correct it.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!row}
      title={t('assignTitle')}
      okText={t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: busy, disabled: !nodes.length }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (open && nodes.length === 1) form.setFieldValue('nodeId', nodes[0]!.id);
      }}
    >
      <Spin spinning={detail.isFetching}>
        {detail.isSuccess && !nodes.length && <Alert type="info" showIcon title={t('noWaitingNode')} style={{ marginBottom: 12 }} />}
        <Form form={form} layout="vertical" preserve={false} initialValues={nodes.length === 1 ? { nodeId: nodes[0]!.id } : {}}>
          <Form.Item name="nodeId" label={t('assignNode')} rules={[{ required: true, message: t('assignNodeRequired') }]}>
            <Select options={nodes.map((n) => ({ value: n.id, label: n.name }))} data-testid="wf-assign-node" />
          </Form.Item>
          <Form.Item name="toUserId" label={t('assignUser')} rules={[{ required: true, message: t('assignUserRequired') }]}>
            <UserSelect />
          </Form.Item>
          <Form.Item name="opinion" label={t('opinion')}>
            <Input.TextArea rows={3} maxLength={2000} placeholder={t('opinionPlaceholder')} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
