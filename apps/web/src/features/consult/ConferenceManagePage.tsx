import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConferenceForm } from './ConferenceForm.tsx';
import { ConferenceList } from './ConferenceList.tsx';
import { NS } from './messages.ts';

export function NewConferenceButton() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="conference-new">
        {t('applyConference')}
      </Button>
      {open && (
        <ConferenceForm
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            void client.invalidateQueries({ queryKey: ['consult'] });
          }}
        />
      )}
    </>
  );
}

/** 会议管理 (conference_manage): every conference; approve, edit, minutes, items, attendance. */
export default function ConferenceManagePage() {
  return <ConferenceList box="all" toolbar={<NewConferenceButton />} testId="conference-manage-page" />;
}
