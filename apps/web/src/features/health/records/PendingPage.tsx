import { PendingPage } from './WorklistsPage.tsx';

/** 待处理人员 (person_pending_list): 待审核, 死亡 / 迁出待注销. */
export default PendingPage;
