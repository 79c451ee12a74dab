import type { Language } from './constants.ts';

/**
 * Texts both apps show for the shared validation rules (spec §5.1). Schemas in
 * this package use these keys as their messages; the server translates them
 * into the caller's language, the web app through i18next.
 */
export const ruleMessages: Record<Language, Record<string, string>> = {
  zh: {
    'rules.required': '不能为空',
    'rules.iphone': '请输入正确的手机号码',
    'rules.password': '密码须为6-16位数字和字母组合',
    'rules.idCard': '请输入正确的身份证号码',
    'rules.email': '请输入正确的邮箱',
    'rules.plateNumber': '请输入正确的车牌号',
    'rules.chinese': '只能输入中文',
    'rules.enCode': '编码只能输入英文、数字和小数点且小数点不能放在首尾',
    'rules.userAccount': '只能输入数字和字母',
    'rules.fullName': '名称不能含有特殊符号',
    'rules.userCode': '只能输入数字',
    'rules.allDate': '时间只能为整数或者0.5的倍数',
    'rules.bigInt': '只能输入正整数',
    'rules.md5': '密码格式错误',
    'rules.smsAccount': '请输入正确的手机号码或 手机号@账号',
    'rules.smsCode': '请输入6位验证码',
  },
  zhtw: {
    'rules.required': '不能為空',
    'rules.iphone': '請輸入正確的手機號碼',
    'rules.password': '密碼須為6-16位數字和字母組合',
    'rules.idCard': '請輸入正確的身份證號碼',
    'rules.email': '請輸入正確的郵箱',
    'rules.plateNumber': '請輸入正確的車牌號',
    'rules.chinese': '只能輸入中文',
    'rules.enCode': '編碼只能輸入英文、數字和小數點且小數點不能放在首尾',
    'rules.userAccount': '只能輸入數字和字母',
    'rules.fullName': '名稱不能含有特殊符號',
    'rules.userCode': '只能輸入數字',
    'rules.allDate': '時間只能為整數或者0.5的倍數',
    'rules.bigInt': '只能輸入正整數',
    'rules.md5': '密碼格式錯誤',
    'rules.smsAccount': '請輸入正確的手機號碼或 手機號@賬號',
    'rules.smsCode': '請輸入6位驗證碼',
  },
  en: {
    'rules.required': "can't be empty",
    'rules.iphone': 'Please enter a correct mobile number',
    'rules.password': 'Password must be 6-16 characters of letters and digits',
    'rules.idCard': 'Please enter a correct ID number',
    'rules.email': 'Please enter a correct email address',
    'rules.plateNumber': 'Please enter a correct plate number',
    'rules.chinese': 'Only Chinese characters are allowed',
    'rules.enCode': 'Code may only contain letters, digits and dots, and a dot may not be first or last',
    'rules.userAccount': 'Only digits and letters',
    'rules.fullName': 'Name may not contain special symbols',
    'rules.userCode': 'Only digits',
    'rules.allDate': 'Time can only be an integer or a multiple of 0.5',
    'rules.bigInt': 'Only positive integers',
    'rules.md5': 'Invalid password format',
    'rules.smsAccount': 'Enter a mobile number or phone@account',
    'rules.smsCode': 'Enter the 6-digit code',
  },
};
