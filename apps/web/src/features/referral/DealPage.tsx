import { WorklistTabs } from './WorklistTabs.tsx';

/** 转诊处理 (referral_deal): the receiving side — 待我接收, 下转待接收, 已同意未到诊 (已到诊, 结案 from the drawer), 超时未处理. */
export default function DealPage() {
  return <WorklistTabs testId="referral-deal" lists={['toReceive', 'downToReceive', 'notArrived', 'toClose', 'breached']} />;
}
