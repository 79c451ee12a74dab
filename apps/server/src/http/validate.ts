import { z, type ZodType } from 'zod';
import type { Language } from '@medalliance/contract';
import { AppError } from './errors.ts';
import { Codes } from '@medalliance/contract';

const zodLocales = { zh: z.locales.zhCN(), zhtw: z.locales.zhTW(), en: z.locales.en() };

/**
 * The web client adds `_t` (a cache-buster, spec §7) to every GET; it is a
 * parameter of no route, so strict query schemas must not see it.
 */
function withoutCacheBuster(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || !('_t' in input)) return input;
  const { _t: _ignored, ...rest } = input as Record<string, unknown>;
  return rest;
}

/**
 * Parses input with a contract schema. On failure the 400 names the first
 * offending field and the rule, e.g. "account: can't be empty", in the caller's
 * language (rule keys through our catalog, zod's own texts through its locales).
 */
export function parse<S extends ZodType>(schema: S, input: unknown, lang: Language = 'zh'): z.output<S> {
  const result = schema.safeParse(withoutCacheBuster(input ?? {}), { error: zodLocales[lang].localeError });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? `${issue.path.join('.')}: ` : '';
  throw new AppError(400, Codes.badRequest, 'error.validation', { field, detail: issue.message });
}
