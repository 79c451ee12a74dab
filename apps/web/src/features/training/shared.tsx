import { useState } from 'react';
import { Button, Input, Modal, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { flowApi, trainingApi } from './api.ts';
import { STATUS_COLOR } from './format.ts';
import { NS } from './messages.ts';

/** Pieces every training screen shares: the caller's rights, state tags, and approve/reject through the engine. */

export function useTrainingMeta() {
  return useQuery({ queryKey: ['training', 'meta'], queryFn: async () => (await trainingApi.meta()).data, staleTime: 60_000 });
}

export function StatusTag({ status, group = 'status' }: { status: string; group?: string }) {
  const { t } = useTranslation(NS);
  return <Tag color={STATUS_COLOR[status] ?? 'default'}>{t(`${group}.${status}`)}</Tag>;
}

/**
 * Approve / reject the caller's task on an application's flow with the
 * engine's own actions (the same as in 待办); a rejection needs an opinion.
 */
export function FlowDecision({ taskId, onDone, testId }: { taskId: string; onDone: () => void; testId?: string }) {
  const { t } = useTranslation(NS);
  const [mode, setMode] = useState<'approve' | 'reject' | null>(null);
  const [opinion, setOpinion] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (mode === 'reject' && opinion.trim().length < 2) return;
    setBusy(true);
    try {
      if (mode === 'approve') await flowApi.approve(taskId, opinion.trim() || t('agree'));
      else await flowApi.reject(taskId, opinion.trim());
      setMode(null);
      setOpinion('');
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Space size={4}>
        <Button size="small" type="primary" onClick={() => setMode('approve')} data-testid={testId ? `${testId}-approve` : undefined}>
          {t('approve')}
        </Button>
        <Button size="small" danger onClick={() => setMode('reject')} data-testid={testId ? `${testId}-reject` : undefined}>
          {t('reject')}
        </Button>
      </Space>
      <Modal
        open={!!mode}
        title={mode === 'approve' ? t('approveTitle') : t('rejectTitle')}
        okText={mode === 'approve' ? t('approve') : t('reject')}
        okButtonProps={{ danger: mode === 'reject', disabled: mode === 'reject' && opinion.trim().length < 2, loading: busy }}
        onOk={() => void submit()}
        onCancel={() => setMode(null)}
        destroyOnHidden
      >
        <Input.TextArea
          rows={3}
          maxLength={500}
          showCount
          value={opinion}
          onChange={(e) => setOpinion(e.target.value)}
          placeholder={mode === 'reject' ? t('rejectReasonHint') : t('opinionHint')}
          data-testid="flow-opinion"
        />
      </Modal>
    </>
  );
}
