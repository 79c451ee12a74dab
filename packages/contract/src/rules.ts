/**
 * The named validation rules of spec §5.1, shared by the web forms and the
 * server's zod schemas so both sides refuse exactly the same input.
 */
export const patterns = {
  iphone: /^1[3-9]\d{9}$/,
  password: /^(?![0-9]+$)(?![a-zA-Z]+$)[0-9A-Za-z]{6,16}$/,
  email: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/,
  plateNumber:
    /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领][A-HJ-NP-Z][A-HJ-NP-Z0-9]{4,5}[A-HJ-NP-Z0-9挂学警港澳]$/,
  chinese: /^[\u4e00-\u9fa5]+$/,
  enCode: /^(?!\.)[A-Za-z0-9.]+(?<!\.)$/,
  userAccount: /^[A-Za-z0-9]+$/,
  fullName: /^[\u4e00-\u9fa5A-Za-z0-9]+$/,
  userCode: /^\d+$/,
  allDate: /^\d+(\.5|\.0)?$/,
  bigInt: /^[1-9]\d*$/,
} as const;

export type RuleName = keyof typeof patterns | 'idCard';

/** 18-digit resident ID: region, a real calendar date, sequence, ISO 7064 check digit. */
export function isIdCard(value: string): boolean {
  if (!/^\d{17}[\dXx]$/.test(value)) return false;
  const y = Number(value.slice(6, 10));
  const m = Number(value.slice(10, 12));
  const d = Number(value.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return false;
  }
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const checks = '10X98765432';
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(value[i]) * weights[i]!;
  return checks[sum % 11] === value[17]!.toUpperCase();
}

export function checkRule(rule: RuleName, value: string): boolean {
  return rule === 'idCard' ? isIdCard(value) : patterns[rule].test(value);
}

/** i18n keys of the default messages; both apps translate them under `rules.*`. */
export const ruleMessageKeys: Record<RuleName, string> = {
  iphone: 'rules.iphone',
  password: 'rules.password',
  idCard: 'rules.idCard',
  email: 'rules.email',
  plateNumber: 'rules.plateNumber',
  chinese: 'rules.chinese',
  enCode: 'rules.enCode',
  userAccount: 'rules.userAccount',
  fullName: 'rules.fullName',
  userCode: 'rules.userCode',
  allDate: 'rules.allDate',
  bigInt: 'rules.bigInt',
};
