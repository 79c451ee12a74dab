import { useTranslation } from 'react-i18next';
import { QuickActions } from '../QuickActions.tsx';
import { StudyWorklist } from '../StudyWorklist.tsx';
import { TakeNext } from './TriageScreen.tsx';
import { NS } from '../messages.ts';
import '../messages.ts';

/**
 * 初审 (img_first_trial): the image centre's quality check of uploaded
 * images — 合格, or 退回补传 with the checklist items — then triage of what
 * passed (assign a reader or take it), and the breached list.
 */
export function ImagingFirstTrial() {
  const { t } = useTranslation(NS);
  return (
    <StudyWorklist
      centre="imaging"
      testId="img-first-trial"
      tabs={[
        { key: 'qc', list: 'qc' },
        { key: 'triage', list: 'triage' },
        { key: 'breached', list: 'breached', hint: t('page.breachedHint') },
      ]}
      toolbar={(tools) => <TakeNext centre="imaging" tools={tools} />}
      extra={(r, tools) => <QuickActions centre="imaging" row={r} actions={['qcPass', 'qcReturn', 'triage', 'take']} onOpen={tools.open} />}
    />
  );
}
