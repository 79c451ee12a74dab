import { defineMessages } from '../../../i18n/index.ts';

/** Texts shared by every health screen (namespace 'healthShared'). */
export const HEALTH_SHARED_NS = 'healthShared';

defineMessages(HEALTH_SHARED_NS, {
  zh: {
    reveal: '查看完整信息',
    revealTitle: '查看完整个人信息',
    revealHint: '查看将被记录到审计日志（用户、机构、时间、地址、原因）。',
    revealReason: '查看原因',
    revealReasonRequired: '请填写查看原因',
    revealed: '已显示完整信息（已记录审计）',
    masked: '已脱敏',
    ok: '确定',
    cancel: '取消',
    pickResident: '选择居民',
    searchResident: '输入姓名或身份证号查询',
  },
  zhtw: {
    reveal: '查看完整資訊',
    revealTitle: '查看完整個人資訊',
    revealHint: '查看將被記錄到稽核日誌（使用者、機構、時間、位址、原因）。',
    revealReason: '查看原因',
    revealReasonRequired: '請填寫查看原因',
    revealed: '已顯示完整資訊（已記錄稽核）',
    masked: '已遮罩',
    ok: '確定',
    cancel: '取消',
    pickResident: '選擇居民',
    searchResident: '輸入姓名或身分證號查詢',
  },
  en: {
    reveal: 'Reveal',
    revealTitle: 'Reveal full personal data',
    revealHint: 'Revealing is written to the audit log (user, unit, time, address, reason).',
    revealReason: 'Reason',
    revealReasonRequired: 'Give a reason for revealing',
    revealed: 'Full data shown (audited)',
    masked: 'Masked',
    ok: 'OK',
    cancel: 'Cancel',
    pickResident: 'Choose a resident',
    searchResident: 'Search by name or ID number',
  },
});
