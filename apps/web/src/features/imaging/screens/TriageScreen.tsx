import { useState } from 'react';
import { Button } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ImagingCentre } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { HttpError } from '../../../api/http.ts';
import { imagingApi } from '../api.ts';
import { QuickActions } from '../QuickActions.tsx';
import { StudyWorklist, type RowTools } from '../StudyWorklist.tsx';
import { NS } from '../messages.ts';
import '../messages.ts';

/** 领取下一例: the study at the head of the queue (priority, then the least time left) becomes mine. */
export function TakeNext({ centre, tools }: { centre: ImagingCentre; tools: RowTools }) {
  const { t } = useTranslation(NS);
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<ThunderboltOutlined />}
      loading={busy}
      data-testid="img-take-next"
      onClick={async () => {
        setBusy(true);
        try {
          const res = await imagingApi(centre).takeNext();
          await tools.refresh();
          tools.open(res.data.id);
        } catch (e) {
          toast.info(e instanceof HttpError && e.code === 404 ? t('nothingToTake') : e instanceof Error ? e.message : t('loadFailed'));
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('takeNext')}
    </Button>
  );
}

/**
 * 分诊 (ultras_triage_query; the image centre's first trial carries it too):
 * the queue of studies that passed the quality check, highest priority and
 * least time left first, with the SLA countdown; assign a reader (the roster
 * and each reader's open count shown) or take one; the uploads awaiting the
 * quality check (ultrasound has no first-trial menu of its own: 合格, or
 * 退回补传 with the checklist items); the breached list.
 */
function TriageScreen({ centre }: { centre: ImagingCentre }) {
  const { t } = useTranslation(NS);
  return (
    <StudyWorklist
      centre={centre}
      testId={`img-triage-${centre}`}
      tabs={[
        { key: 'triage', list: 'triage' },
        { key: 'qc', list: 'qc' },
        { key: 'breached', list: 'breached', hint: t('page.breachedHint') },
      ]}
      toolbar={(tools) => <TakeNext centre={centre} tools={tools} />}
      extra={(r, tools) => <QuickActions centre={centre} row={r} actions={['qcPass', 'qcReturn', 'triage', 'take']} onOpen={tools.open} />}
    />
  );
}

export const UltrasoundTriage = () => <TriageScreen centre="ultrasound" />;
