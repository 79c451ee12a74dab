import { ConsultList } from './ConsultList.tsx';

/** 反馈列表 (consult_feedback_list): the applicants' feedback on answered consultations (score and comment). */
export default function FeedbackListPage() {
  return <ConsultList box="all" columns="eval" fixedState="evaluated" testId="consult-feedback-page" />;
}
