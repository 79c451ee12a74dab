import { TransferManagePage } from './TransfersPage.tsx';

/** 迁移管理 (move_manage). */
export default TransferManagePage;
