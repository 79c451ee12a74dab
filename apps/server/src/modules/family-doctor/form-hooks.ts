import { now } from '../../lib/clock.ts';
import { FOLLOWUP_MODELS } from '../health/chronic/visit-hooks.ts';
import { registerRecordHooks, type RecordHooks } from '../visualdev/record-hooks.ts';
import { completeByForm, reopenByForm } from './tasks.service.ts';

/**
 * Saving a public-health form completes the resident's matching open task
 * (M11 "auto-marked done"): a hypertension follow-up the item with form code
 * 'htn_visit', a diabetes follow-up 'dm_visit'. Runs inside the form's write
 * (after the chronic rules), so both commit or roll back together; deleting
 * the form reopens its task.
 */

function formHooks(formCode: string): RecordHooks {
  return {
    async afterSave(h, id, data) {
      const residentId = String(data.residentId ?? '');
      const date = Number(data.visitDate);
      if (!residentId || !Number.isFinite(date)) return;
      await completeByForm(h.db, { residentId, formCode, recordId: id, date, at: now() });
    },
    async beforeDelete(h, ids) {
      await reopenByForm(h.db, formCode, ids, now());
    },
  };
}

export const htnTaskHooks = formHooks('htn_visit');
export const dmTaskHooks = formHooks('dm_visit');

export function registerTaskHooks(): void {
  registerRecordHooks(FOLLOWUP_MODELS.htn.enCode, htnTaskHooks);
  registerRecordHooks(FOLLOWUP_MODELS.dm.enCode, dmTaskHooks);
}
