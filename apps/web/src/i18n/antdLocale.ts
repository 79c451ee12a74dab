import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import type { Language } from '@medalliance/contract';

/** antd's own texts (pagination, pickers, empty states) follow the UI language. */
export const antdLocales: Record<Language, Locale> = { zh: zhCN, zhtw: zhTW, en: enUS };

const dayjsLocales: Record<Language, string> = { zh: 'zh-cn', zhtw: 'zh-tw', en: 'en' };

/** Month and weekday names in date pickers and relative times. */
export function applyDayjsLocale(lang: Language): void {
  dayjs.locale(dayjsLocales[lang]);
}
