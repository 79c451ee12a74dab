import { defineMessages } from '../../i18n/index.ts';

/** The flow status and urgency words (spec §4), one set for every screen that shows them (namespace 'flowTags'). */
export const NS = 'flowTags';

defineMessages(NS, {
  zh: {
    'status.0': '待提交',
    'status.1': '审批中',
    'status.2': '已通过',
    'status.3': '已驳回',
    'status.4': '已撤回',
    'status.5': '已终止',
    'status.unknown': '未知',
    'urgency.1': '普通',
    'urgency.2': '重要',
    'urgency.3': '紧急',
  },
  zhtw: {
    'status.0': '待提交',
    'status.1': '審批中',
    'status.2': '已通過',
    'status.3': '已駁回',
    'status.4': '已撤回',
    'status.5': '已終止',
    'status.unknown': '未知',
    'urgency.1': '普通',
    'urgency.2': '重要',
    'urgency.3': '緊急',
  },
  en: {
    'status.0': 'To submit',
    'status.1': 'In approval',
    'status.2': 'Approved',
    'status.3': 'Rejected',
    'status.4': 'Withdrawn',
    'status.5': 'Terminated',
    'status.unknown': 'Unknown',
    'urgency.1': 'Normal',
    'urgency.2': 'Important',
    'urgency.3': 'Urgent',
  },
});
