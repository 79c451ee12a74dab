import { Alert, Button, Drawer, Spin } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { examsApi } from './api.ts';
import { AttemptReview } from './AttemptReview.tsx';
import { NS } from './messages.ts';
import { ScoreLine } from './ScoreLine.tsx';

/** The taker's result of one attempt: scores, pass, each answer's mark; the key once the paper has closed. */
export function ResultDrawer({
  attemptId,
  onClose,
  onCertificate,
}: {
  attemptId: string | null;
  onClose: () => void;
  onCertificate: (id: string) => void;
}) {
  const { t } = useTranslation(NS);
  const q = useQuery({
    queryKey: ['trainingExams', 'attempt', attemptId],
    queryFn: async () => (await examsApi.attempt(attemptId!)).data,
    enabled: !!attemptId,
  });
  const v = q.data;
  return (
    <Drawer
      open={!!attemptId}
      size="large"
      onClose={onClose}
      title={v ? v.paperTitle : t('result.title')}
      extra={
        v?.certificateNo ? (
          <Button
            type="primary"
            icon={<SafetyCertificateOutlined />}
            onClick={() => onCertificate(v.id)}
            data-testid="exam-open-certificate"
          >
            {t('cert.title')}
          </Button>
        ) : null
      }
    >
      {!v ? (
        <Spin />
      ) : (
        <div data-testid="exam-result">
          <ScoreLine view={v} />
          {v.status === 'submitted' && <Alert type="info" showIcon title={t('result.waitingMarks')} className="exam-gap" />}
          {!v.questions.some((x) => x.key) && v.status !== 'in_progress' && (
            <Alert type="info" showIcon title={t('result.keyLater')} className="exam-gap" />
          )}
          <AttemptReview view={v} />
        </div>
      )}
    </Drawer>
  );
}
