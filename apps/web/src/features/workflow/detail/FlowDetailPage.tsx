import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { decodeFlowConfig, FlowLinkType } from '@medalliance/contract';
import { InstanceView } from './InstanceView.tsx';
import { LaunchView } from './LaunchView.tsx';
import { NS } from './messages.ts';
import './detail.css';

/**
 * /workFlowDetail?config=… (spec route table): the workflow item a message,
 * a list row or a launch button opens. `config` is the message body
 * ({type, id} or {type: 0, flowId}), base64 then URL-encoded; anything else
 * shows a clear error instead of a broken page.
 */
export default function FlowDetailPage() {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  const link = decodeFlowConfig(params.get('config'));
  if (!link) return <Result status="warning" title={t('badConfig')} subTitle={t('badConfigHint')} data-testid="wfd-bad-config" />;
  if (link.type === FlowLinkType.launch) return <LaunchView key={link.flowId} flowId={link.flowId} />;
  return <InstanceView key={link.id} instanceId={link.id} />;
}
