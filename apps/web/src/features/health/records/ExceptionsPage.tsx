import { ExceptionsPage } from './WorklistsPage.tsx';

/** 异常人员 (person_except_list): 信息不完整, 12 个月无动态记录, 疑似重复, 电话不规范. */
export default ExceptionsPage;
