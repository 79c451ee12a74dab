import { Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { consultApi } from './api.ts';
import { ConferenceList } from './ConferenceList.tsx';
import { NewConferenceButton } from './ConferenceManagePage.tsx';
import { NS } from './messages.ts';

/** 会议申请 (conference_apply): my applications; for approvers, the applications waiting for them. */
export default function ConferenceApplyPage() {
  const { t } = useTranslation(NS);
  const options = useQuery({ queryKey: ['consult', 'options'], queryFn: async () => (await consultApi.options()).data });
  const items = [{ key: 'mine', label: t('myApplications'), children: <ConferenceList box="mine" toolbar={<NewConferenceButton />} /> }];
  if (options.data?.me.conferenceApprover)
    items.push({ key: 'approve', label: t('waitingForMe'), children: <ConferenceList box="approve" testId="conference-approve-list" /> });
  return (
    <div data-testid="conference-apply-page">
      <Tabs items={items} tabBarStyle={{ paddingLeft: 16, marginBottom: 8 }} />
    </div>
  );
}
