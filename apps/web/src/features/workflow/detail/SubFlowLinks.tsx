import { Alert, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FlowLinkType, flowDetailPath } from '@medalliance/contract';
import { FlowStatusTag } from '../../../components/flowTags/FlowTags.tsx';
import type { InstanceDetail } from './detailApi.ts';
import { NS } from './messages.ts';

/** The detail page's path for another instance (a parent or a child); it opens under that instance's own access rule. */
export const instancePath = (id: string) => flowDetailPath({ type: FlowLinkType.launched, id });

/**
 * Links between a flow and its sub-flows: on a child, the parent that started
 * it; on a parent, every child its sub-flow nodes started, with their status.
 */
export function SubFlowLinks({ detail }: { detail: InstanceDetail }) {
  const { t } = useTranslation(NS);
  const { parent, children } = detail.subFlows ?? { parent: null, children: [] };
  if (!parent && !children.length) return null;
  const nodeName = (id: string) => detail.graph.nodes.find((n) => n.id === id)?.name ?? id;
  return (
    <div className="wfd-subflows" data-testid="wfd-subflows">
      {parent && (
        <Alert
          type="info"
          showIcon
          title={
            <Space wrap>
              <span>{t('subFlowParent', { title: parent.title, node: parent.nodeName })}</span>
              <Link to={instancePath(parent.id)} data-testid="wfd-subflow-parent">
                {t('subFlowParentLink')}
              </Link>
              <FlowStatusTag status={parent.status} />
            </Space>
          }
        />
      )}
      {children.length > 0 && (
        <div className="wfd-subflow-children">
          <Typography.Text strong>{t('subFlowChildren')}</Typography.Text>
          {children.map((c) => (
            <div key={c.id} className="wfd-subflow-child" data-testid="wfd-subflow-child">
              <Tag>{nodeName(c.nodeId)}</Tag>
              <Tag color={c.mode === 'sync' ? 'magenta' : 'default'}>{t(`subFlowMode.${c.mode}`)}</Tag>
              <Link to={instancePath(c.id)} title={t('subFlowOpen', { title: c.title })}>
                {c.title}
              </Link>
              <Typography.Text type="secondary">{c.starterName}</Typography.Text>
              <FlowStatusTag status={c.status} />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
