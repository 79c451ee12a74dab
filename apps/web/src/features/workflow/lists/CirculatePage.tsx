import { useTranslation } from 'react-i18next';
import { formatTime } from '../../permission/shared/formatTime.ts';
import { workflowListsApi } from './api.ts';
import { InstanceList } from './InstanceList.tsx';
import { NS } from './messages.ts';
import './messages.ts';

/** Flows copied to me (spec §2.5 flowCirculate): read-only, opened on the detail page. */
export default function CirculatePage() {
  const { t } = useTranslation(NS);
  return (
    <InstanceList
      kind="circulated"
      testId="wf-circulate-page"
      load={workflowListsApi.circulated}
      filters={{ status: true }}
      extraColumns={[
        { title: t('col.copyNode'), dataIndex: 'taskNodeName', width: 110, ellipsis: true },
        { title: t('col.copiedAt'), dataIndex: 'creatorTime', width: 140, sorter: true, render: (v: number) => formatTime(v) },
      ]}
    />
  );
}
