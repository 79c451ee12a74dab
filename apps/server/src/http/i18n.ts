import { ruleMessages, type Language } from '@medalliance/contract';
import type { FastifyRequest } from 'fastify';

type Catalog = Record<Language, Record<string, string>>;

const catalog: Catalog = { zh: {}, zhtw: {}, en: {} };

/** Each module adds its own server texts, in all three languages, at import time. */
export function defineMessages(messages: Catalog): void {
  for (const lang of ['zh', 'zhtw', 'en'] as const) Object.assign(catalog[lang], messages[lang]);
}

defineMessages(ruleMessages);
defineMessages({
  zh: {
    success: '操作成功',
    'error.validation': '{field}{detail}',
    'error.badJson': '请求体不是有效的 JSON',
    'error.badContentType': '不支持的请求类型 {type}',
    'error.tooLarge': '请求体过大',
    'error.notFound': '接口不存在',
    'error.recordNotFound': '数据不存在',
    'error.internal': '服务器内部错误，请稍后重试',
    'error.forbidden': 'Permission Denied',
    'error.tooMany': '请求过于频繁，请稍后再试',
    'session.expired': '登录过期,请重新登录',
    'session.offline': '您的帐号在其他地方已登录,被强制踢出',
    'session.forced': '您已被管理员强制下线',
    'session.invalid': 'Token验证失败',
  },
  zhtw: {
    success: '操作成功',
    'error.validation': '{field}{detail}',
    'error.badJson': '請求體不是有效的 JSON',
    'error.badContentType': '不支持的請求類型 {type}',
    'error.tooLarge': '請求體過大',
    'error.notFound': '接口不存在',
    'error.recordNotFound': '數據不存在',
    'error.internal': '伺服器內部錯誤，請稍後重試',
    'error.forbidden': 'Permission Denied',
    'error.tooMany': '請求過於頻繁，請稍後再試',
    'session.expired': '登錄過期,請重新登錄',
    'session.offline': '您的帳號在其他地方已登錄,被強制踢出',
    'session.forced': '您已被管理員強制下線',
    'session.invalid': 'Token驗證失敗',
  },
  en: {
    success: 'Success',
    'error.validation': '{field}{detail}',
    'error.badJson': 'The request body is not valid JSON',
    'error.badContentType': 'Unsupported content type {type}',
    'error.tooLarge': 'Request body too large',
    'error.notFound': 'No such endpoint',
    'error.recordNotFound': 'Record not found',
    'error.internal': 'Internal server error, please retry later',
    'error.forbidden': 'Permission Denied',
    'error.tooMany': 'Too many requests, please try again later',
    'session.expired': 'Login expired, please log in again',
    'session.offline': 'Your account signed in elsewhere and this session was ended',
    'session.forced': 'An administrator signed you out',
    'session.invalid': 'Token verification failed',
  },
});

/** The caller's language: the web client sends Accept-Language for the chosen UI language. */
export function requestLanguage(req: Pick<FastifyRequest, 'headers'>): Language {
  const h = String(req.headers['accept-language'] ?? '').toLowerCase();
  if (h.startsWith('en')) return 'en';
  if (/^zh[-_](tw|hk|mo|hant)|^zhtw/.test(h)) return 'zhtw';
  return 'zh';
}

export function translate(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  const template = catalog[lang][key] ?? catalog.zh[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
}
