import { useTranslation } from 'react-i18next';
import type { ImagingCentre } from '@medalliance/contract';
import { QuickActions } from '../QuickActions.tsx';
import { StudyWorklist, type WorklistTab } from '../StudyWorklist.tsx';
import { TakeNext } from './TriageScreen.tsx';
import { NS } from '../messages.ts';
import '../messages.ts';

/**
 * 诊断 (ultras_diag_query; img_diagnose adds the audit tab): my studies to
 * read (start, write from a template, submit, send to audit), those returned
 * for revision, and the breached list every reader sees and may take.
 */
function DiagScreen({ centre, withAudit }: { centre: ImagingCentre; withAudit: boolean }) {
  const { t } = useTranslation(NS);
  const tabs: WorklistTab[] = [
    { key: 'mine', list: 'mine' },
    ...(withAudit ? [{ key: 'audit', list: 'audit' } as WorklistTab] : []),
    { key: 'returned', list: 'returned' },
    { key: 'breached', list: 'breached', hint: t('page.breachedHint') },
  ];
  return (
    <StudyWorklist
      centre={centre}
      testId={`img-diag-${centre}`}
      tabs={tabs}
      toolbar={(tools) => <TakeNext centre={centre} tools={tools} />}
      extra={(r, tools) => <QuickActions centre={centre} row={r} actions={['start', 'sendAudit', 'take']} onOpen={tools.open} />}
    />
  );
}

export const UltrasoundDiag = () => <DiagScreen centre="ultrasound" withAudit={false} />;
export const ImagingDiagnose = () => <DiagScreen centre="imaging" withAudit />;
