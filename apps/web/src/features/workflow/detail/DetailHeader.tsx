import { Descriptions, Tag, Typography } from 'antd';
import { FlowStatusTag, FlowUrgencyTag } from '../../../components/flowTags/FlowTags.tsx';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { InstanceDetail } from './detailApi.ts';
import { NS } from './messages.ts';

/** Title, flow, status and urgency tags, starter and times of one instance. */
export function DetailHeader({ detail }: { detail: InstanceDetail }) {
  const { t } = useTranslation(NS);
  const i = detail.instance;
  const time = (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '-');
  return (
    <div className="wfd-header" data-testid="wfd-header">
      <div className="wfd-header-title">
        <Typography.Title level={4} ellipsis={{ tooltip: i.title }} style={{ margin: 0 }}>
          {i.title}
        </Typography.Title>
        <FlowStatusTag status={i.status} data-testid="wfd-status" />
        {i.suspended && <Tag color="warning">{t('suspended')}</Tag>}
        <FlowUrgencyTag urgency={i.urgency} data-testid="wfd-urgency" />
      </div>
      <Descriptions
        size="small"
        column={4}
        items={[
          { key: 'flow', label: t('flow'), children: i.flowName },
          { key: 'starter', label: t('starter'), children: i.starterName },
          { key: 'startedAt', label: t('startedAt'), children: time(i.startedAt) },
          i.endedAt
            ? { key: 'endedAt', label: t('endedAt'), children: time(i.endedAt) }
            : { key: 'current', label: t('currentNode'), children: i.currentNodes || '-' },
        ]}
      />
    </div>
  );
}
