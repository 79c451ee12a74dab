import { defineMessages } from '../../i18n/index.ts';

/** Texts of the real-time socket (spec §4, §8) in zh, zhtw and en. */
export const NS = 'message';

export const messages = defineMessages(NS, {
  zh: {
    'socket.loginExpired': '登录过期,请重新登录',
  },
  zhtw: {
    'socket.loginExpired': '登錄過期,請重新登錄',
  },
  en: {
    'socket.loginExpired': 'Login expired, please log in again',
  },
});
