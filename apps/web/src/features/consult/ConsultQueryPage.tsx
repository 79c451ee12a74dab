import { ConsultList } from './ConsultList.tsx';

/** 会诊查询 (consult_query): every consultation in the caller's scope, filtered, exported to Excel. */
export default function ConsultQueryPage() {
  return <ConsultList box="all" exportable testId="consult-query-page" />;
}
