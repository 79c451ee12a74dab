import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Empty, Result, Space, Spin, Tabs, Tag, Timeline, Typography } from 'antd';
import { EditOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ImagingAction, ImagingCentre, ImagingStudyDetail } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { MaskedText } from '../health/shared/MaskedText.tsx';
import { ActionDialog, ASKING, DANGER } from './ActionDialog.tsx';
import { imagingApi, type ActionBody } from './api.ts';
import { Countdown } from './Countdown.tsx';
import { fmtDate, fmtMoney, fmtTime } from './format.ts';
import { ImageUpload } from './ImageUpload.tsx';
import { PrintReport } from './PrintReport.tsx';
import { RegisterModal } from './RegisterModal.tsx';
import { ReportEditor } from './ReportEditor.tsx';
import { ReportVersions } from './ReportVersions.tsx';
import { ReviewForm } from './ReviewForm.tsx';
import { StudyReveal, type Revealed } from './StudyReveal.tsx';
import { PriorityTag, StatusTag } from './StudyTable.tsx';
import { ImageViewer } from './viewer/ImageViewer.tsx';
import type { ViewerImage } from './viewer/types.ts';
import { NS } from './messages.ts';
import './messages.ts';

/** The report is written and revised in the editor, not from the button row. */
const EDITOR_ACTIONS = new Set<ImagingAction>(['submit', 'revise']);

function Reviews({ study }: { study: ImagingStudyDetail }) {
  const { t } = useTranslation(NS);
  if (!study.reviews.length) return <Typography.Text type="secondary">{t('detail.noReviews')}</Typography.Text>;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="img-reviews">
      {study.reviews.map((r) => (
        <Alert
          key={r.id}
          type={r.grade === 'fail' ? 'error' : r.disagrees ? 'warning' : 'success'}
          message={
            <Space wrap>
              <Tag color={r.grade === 'fail' ? 'red' : r.grade === 'excellent' ? 'green' : 'blue'}>{t(`grade.${r.grade}`)}</Tag>
              <span>{r.reviewerName ?? '—'}</span>
              <Typography.Text type="secondary">{fmtTime(r.createdAt)}</Typography.Text>
              {r.items.length ? <Tag>{t('review.count', { n: r.items.length })}</Tag> : null}
              {r.disagrees ? <Tag color="orange">{t('detail.disagrees')}</Tag> : null}
            </Space>
          }
          description={
            <>
              {r.items.length ? <div>{r.items.map((c) => t(`check.${c}`)).join('；')}</div> : null}
              {r.comment ? <div>{r.comment}</div> : null}
            </>
          }
        />
      ))}
    </Space>
  );
}

/**
 * One study: the buttons the server allows the caller now (each refused
 * again by the server if not), the request with the patient masked unless
 * revealed, the images (viewer; upload for the applying unit), the report
 * (editor for its reader, every version, the second reading's review form),
 * and the history of every transition (who, when, why).
 */
export function StudyDrawer({ centre, id, onClose }: { centre: ImagingCentre; id: string | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const api = imagingApi(centre);
  const q = useQuery({
    queryKey: ['imaging', centre, 'detail', id],
    queryFn: async () => (await api.detail(id!)).data,
    enabled: !!id,
  });
  const d = q.data;
  const [tab, setTab] = useState('info');
  const [asking, setAsking] = useState<ImagingAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [revising, setRevising] = useState(false);
  const [editing, setEditing] = useState(false);
  const [printing, setPrinting] = useState(false);

  // A newly opened study starts on the part its caller works on.
  useEffect(() => {
    setRevealed(null);
    setRevising(false);
    if (!d || d.id !== id) return;
    setTab(d.actions.includes('submit') || d.canReview || d.actions.includes('auditPass') ? 'report' : d.canAttach ? 'images' : 'info');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per study, not on every refetch
  }, [id, d?.id]);

  const images: ViewerImage[] = useMemo(
    () =>
      (d?.images ?? []).map((im) => ({
        id: im.id,
        kind: im.kind,
        url: im.url,
        name: im.name,
        modality: im.modality,
        instanceNo: im.instanceNo,
        seriesUid: im.seriesUid,
        size: im.size,
      })),
    [d?.images],
  );

  const run = async (action: ImagingAction, body: ActionBody = {}) => {
    setBusy(true);
    try {
      await api.act(id!, action, { ...body, version: d?.version });
      setAsking(null);
      toast.success(t('done'));
      await qc.invalidateQueries({ queryKey: ['imaging', centre] });
    } catch {
      // The server's message was shown; the detail may be stale (someone else acted): show the current state.
      await q.refetch();
    } finally {
      setBusy(false);
    }
  };
  const click = (a: ImagingAction) => (ASKING.has(a) ? setAsking(a) : void run(a));

  const released = d && (d.status === 'released' || d.status === 'revised');
  const reporter = d?.reports.find((r) => r.current)?.reporterId ?? d?.readerId ?? null;

  let body;
  if (!id) body = null;
  else if (q.isError && !d)
    body = (
      <Result
        status="error"
        title={t('loadFailed')}
        extra={
          <Button onClick={() => void q.refetch()} data-testid="img-detail-retry">
            {t('retry')}
          </Button>
        }
      />
    );
  else if (!d) body = <Spin />;
  else
    body = (
      <>
        <Space wrap style={{ marginBottom: 12 }} data-testid="img-actions">
          {d.actions
            .filter((a) => !EDITOR_ACTIONS.has(a))
            .map((a) => (
              <Button
                key={a}
                type={DANGER.has(a) ? 'default' : 'primary'}
                danger={DANGER.has(a)}
                loading={busy && !asking}
                onClick={() => click(a)}
                data-testid={`img-act-${a}`}
              >
                {t(`action.${a}`)}
              </Button>
            ))}
          {d.actions.includes('revise') && !revising ? (
            <Button
              icon={<EditOutlined />}
              onClick={() => {
                setRevising(true);
                setTab('report');
              }}
              data-testid="img-act-revise"
            >
              {t('action.revise')}
            </Button>
          ) : null}
          {d.canEdit ? (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="img-edit">
              {t('form.titleEdit')}
            </Button>
          ) : null}
          {released ? (
            <Button icon={<PrinterOutlined />} onClick={() => setPrinting(true)} data-testid="img-print">
              {t('print')}
            </Button>
          ) : null}
          {!d.actions.length && !d.canEdit && !released ? (
            <Typography.Text type="secondary">{t('detail.noActions')}</Typography.Text>
          ) : null}
        </Space>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'info',
              label: <span data-testid="img-tab-info">{t('detail.tabInfo')}</span>,
              children: (
                <>
                  <Descriptions size="small" bordered column={2} data-testid="img-detail-info">
                    <Descriptions.Item label={t('col.patient')}>
                      <Space>
                        <MaskedText value={d.fullName} revealed={revealed?.fullName} testId="img-patient" />
                        {!revealed ? <StudyReveal centre={centre} studyId={d.id} onRevealed={setRevealed} /> : null}
                      </Space>
                    </Descriptions.Item>
                    <Descriptions.Item label={t('col.idNumber')}>
                      <MaskedText value={d.idNumber} revealed={revealed?.idNumber} />
                    </Descriptions.Item>
                    <Descriptions.Item label={t('detail.sex')}>
                      {d.sex ? t(`sex.${d.sex}`, { defaultValue: d.sex }) : '—'}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('detail.birth')}>{fmtDate(d.birthDate)}</Descriptions.Item>
                    <Descriptions.Item label={t('detail.phone')}>
                      <MaskedText value={d.phone} revealed={revealed?.phone} />
                    </Descriptions.Item>
                    <Descriptions.Item label={t('col.priority')}>
                      <PriorityTag priority={d.priority} />
                    </Descriptions.Item>
                    <Descriptions.Item label={t('col.org')}>{d.applyOrgName ?? '—'}</Descriptions.Item>
                    <Descriptions.Item label={t('col.doctor')}>{d.applyDoctorName ?? '—'}</Descriptions.Item>
                    <Descriptions.Item label={t('col.item')}>{d.itemName ?? '—'}</Descriptions.Item>
                    <Descriptions.Item label={t('col.bodyPart')}>{d.bodyPartName ?? '—'}</Descriptions.Item>
                    <Descriptions.Item label={t('col.diagnosis')} span={2}>
                      {d.clinicalDiagnosis}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('detail.device')}>{d.device || '—'}</Descriptions.Item>
                    <Descriptions.Item label={t('detail.registeredBy')}>
                      {d.registeredByName ?? '—'} <Typography.Text type="secondary">{fmtTime(d.registeredAt)}</Typography.Text>
                    </Descriptions.Item>
                    <Descriptions.Item label={t('col.reader')}>{d.readerName ?? '—'}</Descriptions.Item>
                    <Descriptions.Item label={t('col.auditor')}>{d.auditorName ?? '—'}</Descriptions.Item>
                    <Descriptions.Item label={t('col.remaining')}>
                      <Countdown remainingMs={d.remainingMs} since={q.dataUpdatedAt} dueAt={d.stageDueAt} breached={d.breached} />
                    </Descriptions.Item>
                    <Descriptions.Item label={t('detail.fees')}>
                      {d.diagFee === null && d.applyFee === null ? '—' : `${fmtMoney(d.diagFee)} / ${fmtMoney(d.applyFee)}`}
                    </Descriptions.Item>
                  </Descriptions>
                  <Typography.Title level={5} style={{ marginTop: 16 }}>
                    {t('sec.reviews')}
                  </Typography.Title>
                  <Reviews study={d} />
                </>
              ),
            },
            {
              key: 'images',
              label: <span data-testid="img-tab-images">{t('detail.tabImages', { n: d.images.length })}</span>,
              children: (
                <Space direction="vertical" style={{ width: '100%' }}>
                  {d.canAttach ? <ImageUpload study={d} /> : null}
                  <ImageViewer images={images} />
                </Space>
              ),
            },
            {
              key: 'report',
              label: <span data-testid="img-tab-report">{t('detail.tabReport')}</span>,
              children: (
                <Space direction="vertical" style={{ width: '100%' }}>
                  {d.actions.includes('start') ? <Alert type="info" showIcon message={t('report.startFirst')} /> : null}
                  {d.actions.includes('submit') ? <ReportEditor study={d} mode="write" onDone={() => undefined} /> : null}
                  {revising ? <ReportEditor study={d} mode="revise" onDone={() => setRevising(false)} /> : null}
                  <Typography.Title level={5} style={{ margin: '8px 0 0' }}>
                    {t('sec.versions')}
                  </Typography.Title>
                  <ReportVersions reports={d.reports} showDrafts={d.actions.includes('submit')} />
                  {d.canReview ? <ReviewForm study={d} /> : null}
                </Space>
              ),
            },
            {
              key: 'history',
              label: <span data-testid="img-tab-history">{t('detail.tabHistory')}</span>,
              children: d.events.length ? (
                <Timeline
                  data-testid="img-history"
                  items={d.events.map((e) => ({
                    color: /Return|cancel/.test(e.action) ? 'red' : e.action === 'release' ? 'green' : 'blue',
                    children: (
                      <div>
                        <Typography.Text strong>{t(`action.${e.action}`, { defaultValue: e.action })}</Typography.Text>
                        {e.toStatus ? <StatusTag status={e.toStatus} /> : null}
                        <Typography.Text type="secondary"> {fmtTime(e.at)}</Typography.Text>
                        <div>
                          {e.actorName ?? '—'}
                          {e.comment ? <Typography.Text type="secondary"> — {e.comment}</Typography.Text> : null}
                        </div>
                        {Array.isArray(e.detail?.items) && (e.detail.items as string[]).length ? (
                          <div>
                            {(e.detail.items as string[]).map((c) => (
                              <Tag key={c}>{t(`check.${c}`, { defaultValue: c })}</Tag>
                            ))}
                          </div>
                        ) : null}
                      </div>
                    ),
                  }))}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
              ),
            },
          ]}
        />
      </>
    );

  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      width={1040}
      title={d ? t('detail.title', { no: d.applyNo }) : ''}
      destroyOnHidden
      data-testid="img-drawer"
      extra={d ? <StatusTag status={d.status} /> : null}
    >
      {body}
      <ActionDialog
        centre={centre}
        action={asking}
        exclude={asking === 'sendAudit' ? reporter : null}
        busy={busy}
        onCancel={() => setAsking(null)}
        onRun={(b) => run(asking!, b)}
      />
      {d && editing ? <RegisterModal centre={centre} study={d} open onClose={() => setEditing(false)} /> : null}
      {printing && d ? <PrintReport centre={centre} studyId={d.id} onClose={() => setPrinting(false)} /> : null}
    </Drawer>
  );
}
