import { TransferSearchPage } from './TransfersPage.tsx';

/** 迁移查询 (move_manage_search). */
export default TransferSearchPage;
