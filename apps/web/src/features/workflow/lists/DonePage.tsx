import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../permission/shared/formatTime.ts';
import { workflowListsApi } from './api.ts';
import { InstanceList } from './InstanceList.tsx';
import { NS } from './messages.ts';
import './messages.ts';

/** What I decided (spec §2.5 flowDone): my approved and rejected tasks, newest first, with my decision and the flow's status now. */
export default function DonePage() {
  const { t } = useTranslation(NS);
  return (
    <InstanceList
      kind="done"
      testId="wf-done-page"
      load={workflowListsApi.done}
      filters={{ status: true }}
      extraColumns={[
        { title: t('col.myNode'), dataIndex: 'taskNodeName', width: 110, ellipsis: true },
        {
          title: t('col.myAction'),
          dataIndex: 'handleStatus',
          width: 110,
          render: (v: number) => (
            <Tag color={v === 2 ? 'success' : 'error'} data-testid="wf-my-action">
              {t(v === 2 ? 'handle.2' : 'handle.3')}
            </Tag>
          ),
        },
        { title: t('col.handledAt'), dataIndex: 'creatorTime', width: 140, sorter: true, render: (v: number) => formatTime(v) },
      ]}
    />
  );
}
