import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { optionLetter, type ExamAttemptView, type ExamTakerQuestion } from '@medalliance/contract';
import { TYPE_COLOR } from './format.ts';
import { NS } from './messages.ts';

/** An answer as text: option letters, 对/错, or the short answer itself. */
export function answerText(t: (k: string) => string, q: Pick<ExamTakerQuestion, 'type'>, a: string[] | undefined): string {
  if (!a || !a.length) return t('review.unanswered');
  if (q.type === 'judge') return t(`judge.${a[0]}`);
  return q.type === 'short' ? a[0]! : a.join('、');
}

/**
 * A submitted attempt question by question: the taker's answer, the mark
 * (✓ / ✗ / waiting for marking) and, where the server sent it, the key and
 * analysis. `scoreSlot` puts the marker's score input on short answers.
 */
export function AttemptReview({ view, scoreSlot }: { view: ExamAttemptView; scoreSlot?: (q: ExamTakerQuestion) => ReactNode }) {
  const { t } = useTranslation(NS);
  return (
    <ol className="exam-review" data-testid="exam-review">
      {view.questions.map((q) => {
        const given = view.answers[q.id];
        return (
          <li key={q.id} className="exam-review-item">
            <div className="exam-review-head">
              <Tag color={TYPE_COLOR[q.type]}>{t(`type.${q.type}`)}</Tag>
              <span className="exam-stem">{q.stem}</span>
              <span className="exam-muted">（{t('pointsN', { n: q.score })}）</span>
            </div>
            {q.options.length > 0 && (
              <div className="exam-review-options">
                {q.options.map((o, i) => (
                  <div key={i}>
                    {optionLetter(i)}. {o}
                  </div>
                ))}
              </div>
            )}
            <div className="exam-review-answer">
              <span>
                {t('review.yours')}
                {t('colon')}
                {answerText(t, q, given)}
              </span>
              {q.correct === true && <CheckCircleFilled className="exam-right" aria-label={t('review.right')} />}
              {q.correct === false && <CloseCircleFilled className="exam-wrong" aria-label={t('review.wrong')} />}
              {q.got === null && q.correct === null && (
                <Tag icon={<ClockCircleOutlined />} color="orange">
                  {t('review.waiting')}
                </Tag>
              )}
              {q.got !== undefined && q.got !== null && <Tag color={q.got ? 'green' : 'default'}>{t('review.got', { n: q.got })}</Tag>}
              {scoreSlot?.(q)}
            </div>
            {q.key && (
              <Typography.Text type="success" className="exam-review-key">
                {q.type === 'short' ? t('bank.reference') : t('bank.answer')}
                {t('colon')}
                {answerText(t, q, q.key)}
              </Typography.Text>
            )}
            {q.analysis ? (
              <div className="exam-muted">
                {t('bank.analysis')}
                {t('colon')}
                {q.analysis}
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
