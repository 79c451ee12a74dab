import { ConsultList } from './ConsultList.tsx';

/** 会诊审批 (consult_approve): applications waiting for approval or scheduling, overdue ones flagged. */
export default function ConsultApprovePage() {
  return <ConsultList box="approve" testId="consult-approve-page" />;
}
