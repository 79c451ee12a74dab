import { useState } from 'react';
import { Button } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LiveRoom } from './LiveRoom.tsx';
import { LiveTable } from './LiveTable.tsx';
import { NS } from './messages.ts';
import './training.css';

/** 课程回放 (course_replay): ended broadcasts with their recorded file; play one (with its comments). */
export default function CourseReplayPage() {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <LiveTable
        box="replay"
        testId="course-replay-page"
        onOpen={(r) => setOpen(r.id)}
        actions={(r) => (
          <Button
            size="small"
            type="primary"
            icon={<PlayCircleOutlined />}
            onClick={() => setOpen(r.id)}
            data-testid={`replay-play-${r.id}`}
          >
            {t('playReplay')}
          </Button>
        )}
      />
      {open && <LiveRoom id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
