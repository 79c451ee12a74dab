import { useState, type ReactNode } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from './messages.ts';

export interface OpinionRequest {
  title: string;
  message: ReactNode;
  danger?: boolean;
  /** Runs with the typed opinion; the dialog stays busy until it settles and closes when it succeeds. */
  run: (opinion: string) => Promise<unknown>;
}

/**
 * A confirmation that also takes an opinion (withdraw, cancel, batch
 * decisions): the opinion goes into the flow's audit trail. A failed call
 * has been toasted by the http client; the dialog then stays open to retry.
 */
export function OpinionDialog({ request, onClose }: { request: OpinionRequest | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [opinion, setOpinion] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setOpinion('');
    onClose();
  };
  const ok = async () => {
    if (!request) return;
    setBusy(true);
    try {
      await request.run(opinion.trim());
      close();
    } catch {
      // Shown by the http client; keep the dialog and the opinion.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!request}
      title={request?.title}
      okText={t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{ danger: request?.danger ?? false, loading: busy, ...({ 'data-testid': 'wf-opinion-ok' } as object) }}
      onOk={() => void ok()}
      onCancel={close}
      destroyOnHidden
      width={480}
    >
      <Typography.Paragraph>{request?.message}</Typography.Paragraph>
      <Input.TextArea
        rows={3}
        maxLength={2000}
        showCount
        value={opinion}
        placeholder={t('opinionPlaceholder')}
        aria-label={t('opinion')}
        data-testid="wf-opinion"
        onChange={(e) => setOpinion(e.target.value)}
      />
    </Modal>
  );
}
