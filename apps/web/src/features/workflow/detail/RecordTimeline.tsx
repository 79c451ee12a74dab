import { Empty, Tag, Timeline } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FlowGraph } from '@medalliance/contract';
import type { FlowRecord, SubFlowChild } from './detailApi.ts';
import { Link } from 'react-router';
import { instancePath } from './SubFlowLinks.tsx';
import { actionColor } from './fieldAccess.ts';
import { AttachmentLinks, SignatureImage } from './FileLinks.tsx';
import { NS } from './messages.ts';

/** The audit trail as a timeline: action, actor, node, opinion, signature, attachments, time; oldest first. */
export function RecordTimeline({
  records,
  graph,
  subFlows = [],
}: {
  records: FlowRecord[];
  graph: FlowGraph;
  /** The instance's sub-flow children, to name the ones the trail links to. */
  subFlows?: SubFlowChild[];
}) {
  const { t } = useTranslation(NS);
  if (!records.length) return <Empty description={t('noRecords')} />;
  const nodeName = (id: string) => (id === 'starter' ? t('starter') : (graph.nodes.find((n) => n.id === id)?.name ?? id));
  return (
    <Timeline
      className="wfd-timeline"
      data-testid="wfd-timeline"
      items={records.map((r) => ({
        key: r.id,
        color: actionColor(r.action),
        content: (
          <div className="wfd-record" data-testid="wfd-record" data-action={r.action}>
            <div className="wfd-record-head">
              <Tag color={actionColor(r.action)}>{t(`record.${r.action}`)}</Tag>
              <span className="wfd-record-actor">{r.actorId === 'system' ? t('system') : (r.actorName ?? r.actorId)}</span>
              <span className="wfd-record-node">{t('nodeOf', { name: r.nodeName })}</span>
              <span className="wfd-record-time">{dayjs(r.createdAt).format('YYYY-MM-DD HH:mm:ss')}</span>
            </div>
            {r.action === 0 && r.target && <div className="wfd-record-extra">{t('rejectTarget', { node: nodeName(r.target) })}</div>}
            {r.action === 7 && r.target && (
              <div className="wfd-record-extra">{t('transferTarget', { name: r.targetName ?? r.target })}</div>
            )}
            {(r.action === 14 || r.action === 15) && r.target && (
              <div className="wfd-record-extra">
                <Link to={instancePath(r.target)}>{subFlows.find((c) => c.id === r.target)?.title ?? r.target}</Link>
              </div>
            )}
            {r.opinion && <div className="wfd-record-opinion">{r.opinion}</div>}
            {r.signatureFileId && <SignatureImage fileId={r.signatureFileId} alt={t('signature')} />}
            <AttachmentLinks files={r.attachments} />
          </div>
        ),
      }))}
    />
  );
}
