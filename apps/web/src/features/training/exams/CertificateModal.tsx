import { Button, Modal, Spin } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { examsApi } from './api.ts';
import { fmtDate } from './format.ts';
import { NS } from './messages.ts';

/** The certificate of a passed exam, printable on its own (the print style hides everything else). */
export function CertificateModal({ attemptId, onClose }: { attemptId: string | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const q = useQuery({
    queryKey: ['trainingExams', 'certificate', attemptId],
    queryFn: async () => (await examsApi.certificate(attemptId!)).data,
    enabled: !!attemptId,
  });
  const c = q.data;
  return (
    <Modal
      open={!!attemptId}
      width={760}
      title={t('cert.title')}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('close')}
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!c}>
          {t('cert.print')}
        </Button>,
      ]}
    >
      {!c ? (
        <Spin />
      ) : (
        <div className="exam-certificate" data-testid="exam-certificate">
          <div className="exam-cert-title">{t('cert.heading')}</div>
          <div className="exam-cert-no">
            {t('result.certificateNo')}
            {t('colon')}
            {c.certificateNo}
          </div>
          <p className="exam-cert-body">{t('cert.body', { name: c.userName, unit: c.unitName || '—', paper: c.paperTitle })}</p>
          <p className="exam-cert-score">{t('cert.score', { score: c.totalScore, total: c.paperTotal })}</p>
          <div className="exam-cert-foot">
            <div>{t('cert.issuer')}</div>
            <div>{fmtDate(c.markedAt)}</div>
          </div>
        </div>
      )}
    </Modal>
  );
}
