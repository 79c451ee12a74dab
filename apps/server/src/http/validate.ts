import { z, type ZodType } from 'zod';
import type { Language } from '@medalliance/contract';
import { AppError } from './errors.ts';
import { Codes } from '@medalliance/contract';

const zodLocales = { zh: z.locales.zhCN(), zhtw: z.locales.zhTW(), en: z.locales.en() };

/**
 * Parses input with a contract schema. On failure the 400 names the first
 * offending field and the rule, e.g. "account: can't be empty", in the caller's
 * language (rule keys through our catalog, zod's own texts through its locales).
 */
export function parse<S extends ZodType>(schema: S, input: unknown, lang: Language = 'zh'): z.output<S> {
  const result = schema.safeParse(input ?? {}, { error: zodLocales[lang].localeError });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? `${issue.path.join('.')}: ` : '';
  throw new AppError(400, Codes.badRequest, 'error.validation', { field, detail: issue.message });
}
