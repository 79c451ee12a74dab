import { defineMessages } from '../../i18n/index.ts';
import { NS } from '../messages.ts';

/** Texts of workflow-enabled generated lists (state tags, the submit action), in the lowcode namespace. */
defineMessages(NS, {
  zh: {
    'flowState.title': '流程状态',
    'flowState.open': '查看流程',
    'flow.submit': '提交',
    'flow.submitTitle': '提交审批',
    'flow.chooseFlow': '审批流程',
    'flow.chooseFlowRequired': '请选择审批流程',
    'flow.titleLabel': '流程标题',
    'flow.titlePlaceholder': '不填则使用流程名称',
    'flow.urgency': '紧急程度',
    'flow.submitted': '已提交审批',
    'flow.locked': '审批中或已审批的数据不能修改、删除',
  },
  zhtw: {
    'flowState.title': '流程狀態',
    'flowState.open': '查看流程',
    'flow.submit': '提交',
    'flow.submitTitle': '提交審批',
    'flow.chooseFlow': '審批流程',
    'flow.chooseFlowRequired': '請選擇審批流程',
    'flow.titleLabel': '流程標題',
    'flow.titlePlaceholder': '不填則使用流程名稱',
    'flow.urgency': '緊急程度',
    'flow.submitted': '已提交審批',
    'flow.locked': '審批中或已審批的資料不能修改、刪除',
  },
  en: {
    'flowState.title': 'Flow state',
    'flowState.open': 'Open the flow',
    'flow.submit': 'Submit',
    'flow.submitTitle': 'Submit for approval',
    'flow.chooseFlow': 'Approval flow',
    'flow.chooseFlowRequired': 'Choose an approval flow',
    'flow.titleLabel': 'Title',
    'flow.titlePlaceholder': 'The flow name when left empty',
    'flow.urgency': 'Urgency',
    'flow.submitted': 'Submitted for approval',
    'flow.locked': 'A record in approval or approved cannot be edited or deleted',
  },
});
