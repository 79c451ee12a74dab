import { useTranslation } from 'react-i18next';
import { QuickActions } from '../QuickActions.tsx';
import { StudyWorklist } from '../StudyWorklist.tsx';
import { NS } from '../messages.ts';
import '../messages.ts';

/**
 * 协同审核 (ultras_collab_audit): preliminary reports of other readers to
 * audit — the second reading with the 16-item image-quality checklist and
 * grade in the study, then pass or return with a comment — and the breached list.
 */
export function UltrasoundCollabAudit() {
  const { t } = useTranslation(NS);
  return (
    <StudyWorklist
      centre="ultrasound"
      testId="img-audit-ultrasound"
      tabs={[
        { key: 'audit', list: 'audit', show: { remaining: true, auditor: true } },
        { key: 'breached', list: 'breached', hint: t('page.breachedHint') },
      ]}
      extra={(r, tools) => <QuickActions centre="ultrasound" row={r} actions={['sendAudit']} onOpen={tools.open} />}
    />
  );
}
