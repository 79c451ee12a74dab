import { Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { consultApi } from './api.ts';
import { ApplyButton } from './ConsultApplyPage.tsx';
import { ConferenceList } from './ConferenceList.tsx';
import { ConsultList } from './ConsultList.tsx';
import { NS } from './messages.ts';

/**
 * 远程会诊 (remote_meeting_list), the doctors' own list: the consultations they
 * applied for (apply here too), those they are expert of (upcoming with the
 * link, opinions to write), and the conferences they are invited to (sign in, rate).
 */
export default function RemoteMeetingListPage() {
  const { t } = useTranslation(NS);
  const options = useQuery({ queryKey: ['consult', 'options'], queryFn: async () => (await consultApi.options()).data });
  if (!options.data) return null;
  return (
    <div data-testid="remote-meeting-page">
      <Tabs
        // County doctors mostly answer consultations: their list opens on what is assigned to them.
        defaultActiveKey={options.data.me.consultApprover ? 'expert' : 'mine'}
        tabBarStyle={{ paddingLeft: 16, marginBottom: 8 }}
        items={[
          { key: 'mine', label: t('myConsultations'), children: <ConsultList box="mine" toolbar={<ApplyButton />} /> },
          { key: 'expert', label: t('asExpert'), children: <ConsultList box="expert" testId="consult-expert-list" /> },
          { key: 'conf', label: t('myConferences'), children: <ConferenceList box="attend" testId="conference-attend-list" /> },
        ]}
      />
    </div>
  );
}
