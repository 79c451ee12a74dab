import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Modal, Row, Space, Spin, Tag, Typography } from 'antd';
import { ClockCircleOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ExamAttemptView } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { HttpError } from '../../../api/http.ts';
import { AnswerInput } from './AnswerInput.tsx';
import { examsApi } from './api.ts';
import { fmtCountdown, TYPE_COLOR } from './format.ts';
import { NS } from './messages.ts';

const SHORT_SAVE_MS = 800;

/**
 * Taking an exam: the countdown (from the server's deadline and time, not
 * the browser's clock), question navigation, answers saved as they change
 * (short answers shortly after typing stops), submission with a warning
 * about unanswered questions, and submission by itself at zero. The server
 * refuses anything after the deadline; the page then shows the result.
 */
export function TakeExam({ attemptId, onDone }: { attemptId: string; onDone: (v: ExamAttemptView) => void }) {
  const { t } = useTranslation(NS);
  const [modal, holder] = Modal.useModal();
  const q = useQuery({
    queryKey: ['trainingExams', 'taking', attemptId],
    queryFn: async () => {
      const v = (await examsApi.attempt(attemptId)).data;
      return { v, offset: v.serverNow - Date.now() };
    },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const [index, setIndex] = useState(0);
  const [left, setLeft] = useState<number | null>(null);
  const [saving, setSaving] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const pending = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const inflight = useRef(new Set<Promise<unknown>>());
  const finished = useRef(false);

  useEffect(() => {
    if (q.data) setAnswers(q.data.v.answers);
  }, [q.data]);

  const finish = useCallback(async () => {
    const v = (await examsApi.attempt(attemptId)).data;
    onDone(v);
  }, [attemptId, onDone]);

  const save = useCallback(
    (questionId: string, answer: string[]) => {
      const p = examsApi
        .answer(attemptId, questionId, answer)
        .catch((e: unknown) => {
          toast.error(e instanceof HttpError ? e.message : t('take.saveFailed'));
          if (e instanceof HttpError && e.code === 409 && !finished.current) {
            finished.current = true;
            void finish();
          }
        })
        .finally(() => {
          inflight.current.delete(p);
          setSaving((n) => n - 1);
        });
      setSaving((n) => n + 1);
      inflight.current.add(p);
    },
    [attemptId, finish, t],
  );

  /** Sends the short answers still waiting for their typing pause, and waits for every save under way. */
  const flush = useCallback(
    async (current: Record<string, string[]>) => {
      for (const [id, timer] of pending.current) {
        clearTimeout(timer);
        save(id, current[id] ?? []);
      }
      pending.current.clear();
      await Promise.all([...inflight.current]);
    },
    [save],
  );

  const submit = useCallback(
    async (auto: boolean) => {
      if (finished.current) return;
      finished.current = true;
      setSubmitting(true);
      try {
        await flush(answers);
        const v = (await examsApi.submit(attemptId)).data;
        toast.success(t(auto ? 'take.autoSubmitted' : 'take.submitted'));
        onDone(v);
      } catch {
        // Refused (time up a moment too late, or already closed): the server closed it as it stood.
        await finish();
      } finally {
        setSubmitting(false);
      }
    },
    [answers, attemptId, finish, flush, onDone, t],
  );

  useEffect(() => {
    if (!q.data) return;
    const { v, offset } = q.data;
    const tick = () => {
      const ms = v.deadlineAt - (Date.now() + offset);
      setLeft(ms);
      if (ms <= 0) void submit(true);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [q.data, submit]);

  if (q.isPending) return <Spin className="exam-loading" />;
  if (q.isError || !q.data) return <Alert type="error" showIcon title={t('loadFailed')} />;
  const v = q.data.v;
  if (v.status !== 'in_progress') {
    onDone(v);
    return null;
  }
  const question = v.questions[index]!;
  const answered = (id: string) => (answers[id] ?? []).some((x) => x.trim());
  const unanswered = v.questions.filter((x) => !answered(x.id)).length;
  const change = (value: string[]) => {
    const next = { ...answers, [question.id]: value };
    setAnswers(next);
    if (question.type === 'short') {
      clearTimeout(pending.current.get(question.id));
      pending.current.set(
        question.id,
        setTimeout(() => {
          pending.current.delete(question.id);
          save(question.id, value);
        }, SHORT_SAVE_MS),
      );
    } else save(question.id, value);
  };
  const go = (i: number) => {
    void flush(answers);
    setIndex(i);
  };
  const confirmSubmit = () =>
    modal.confirm({
      title: t('take.confirmTitle'),
      content: unanswered ? (
        <Typography.Text type="warning" data-testid="exam-unanswered-warning">
          {t('take.unansweredWarning', { n: unanswered })}
        </Typography.Text>
      ) : (
        t('take.confirmText')
      ),
      okText: t('take.submit'),
      okButtonProps: { danger: unanswered > 0 },
      onOk: () => submit(false),
    });
  const urgent = left !== null && left < 5 * 60_000;
  return (
    <Row gutter={12} className="exam-take" data-testid="exam-take">
      {holder}
      <Col xs={24} md={7} xl={6}>
        <Card size="small" title={v.paperTitle}>
          <div className={`exam-countdown ${urgent ? 'exam-countdown-urgent' : ''}`} data-testid="exam-countdown" role="timer">
            <ClockCircleOutlined /> {left === null ? '--:--' : fmtCountdown(left)}
          </div>
          <div className="exam-muted exam-progress">
            {t('take.progress', { done: v.questions.length - unanswered, n: v.questions.length })}
            {saving > 0 ? ` · ${t('take.saving')}` : ` · ${t('take.savedAll')}`}
          </div>
          <div className="exam-nav" data-testid="exam-nav">
            {v.questions.map((x, i) => (
              <Button
                key={x.id}
                size="small"
                type={i === index ? 'primary' : answered(x.id) ? 'default' : 'dashed'}
                className={answered(x.id) && i !== index ? 'exam-nav-done' : ''}
                onClick={() => go(i)}
                aria-label={t('take.goto', { n: i + 1 })}
              >
                {i + 1}
              </Button>
            ))}
          </div>
          <Button type="primary" danger block loading={submitting} onClick={confirmSubmit} data-testid="exam-submit">
            {t('take.submit')}
          </Button>
        </Card>
      </Col>
      <Col xs={24} md={17} xl={18}>
        <Card
          size="small"
          title={
            <Space>
              <span>{t('take.number', { n: index + 1 })}</span>
              <Tag color={TYPE_COLOR[question.type]}>{t(`type.${question.type}`)}</Tag>
              <span className="exam-muted">{t('pointsN', { n: question.score })}</span>
            </Space>
          }
        >
          <Typography.Paragraph className="exam-stem" data-testid="exam-stem">
            {question.stem}
          </Typography.Paragraph>
          <div className="exam-answer-box">
            <AnswerInput
              key={question.id}
              q={question}
              value={answers[question.id] ?? []}
              onChange={change}
              onBlur={() => void flush(answers)}
            />
          </div>
          <Space className="exam-take-foot">
            <Button icon={<LeftOutlined />} disabled={index === 0} onClick={() => go(index - 1)} data-testid="exam-prev">
              {t('take.prev')}
            </Button>
            <Button disabled={index === v.questions.length - 1} onClick={() => go(index + 1)} data-testid="exam-next">
              {t('take.next')} <RightOutlined />
            </Button>
          </Space>
        </Card>
      </Col>
    </Row>
  );
}
