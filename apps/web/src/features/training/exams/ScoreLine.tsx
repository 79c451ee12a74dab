import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExamAttemptView } from '@medalliance/contract';
import { ATTEMPT_COLOR, fmtTime } from './format.ts';
import { NS } from './messages.ts';

/** An attempt's result in one block: state, objective / subjective / total score, pass, certificate number. */
export function ScoreLine({ view }: { view: ExamAttemptView }) {
  const { t } = useTranslation(NS);
  const dash = (n: number | null) => (n === null ? '—' : String(n));
  return (
    <Descriptions size="small" bordered column={3} className="exam-score-line" data-testid="exam-score-line">
      <Descriptions.Item label={t('col.status')}>
        <Tag color={ATTEMPT_COLOR[view.status]}>{t(`attempt.${view.status}`)}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t('col.submittedAt')}>{fmtTime(view.submittedAt)}</Descriptions.Item>
      <Descriptions.Item label={t('col.result')}>
        {view.passed === null ? '—' : <Tag color={view.passed ? 'green' : 'red'}>{t(view.passed ? 'result.pass' : 'result.fail')}</Tag>}
      </Descriptions.Item>
      <Descriptions.Item label={t('result.objective')}>{dash(view.objectiveScore)}</Descriptions.Item>
      <Descriptions.Item label={t('result.subjective')}>{dash(view.subjectiveScore)}</Descriptions.Item>
      <Descriptions.Item label={t('result.total')}>
        <strong data-testid="exam-total-score">{dash(view.totalScore)}</strong> / {view.paperTotal}（
        {t('result.passLine', { n: view.passScore })}）
      </Descriptions.Item>
      {view.certificateNo && (
        <Descriptions.Item label={t('result.certificateNo')} span={3}>
          {view.certificateNo}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
