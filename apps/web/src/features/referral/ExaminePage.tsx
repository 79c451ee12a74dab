import { WorklistTabs } from './WorklistTabs.tsx';

/** 转诊审核 (referral_examine): the sending unit's approval — 待我审批 (同意转出 / 拒绝转出) — and what ran out of time. */
export default function ExaminePage() {
  return <WorklistTabs testId="referral-examine" lists={['toApprove', 'breached']} />;
}
