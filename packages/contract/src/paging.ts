import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './envelope.ts';

/**
 * Paging query of every list (spec §9). Accepts both spellings the JNPF
 * versions used (`currentPage` / `pageIndex`), numbers as strings (query params).
 */
export const pageQuery = z
  .object({
    currentPage: z.coerce.number().int().min(1).max(1_000_000).optional(),
    pageIndex: z.coerce.number().int().min(1).max(1_000_000).optional(),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    keyword: z.string().trim().max(200).optional().default(''),
    sidx: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9_]*$/)
      .optional()
      .default(''),
    sort: z
      .enum(['asc', 'desc', 'ASC', 'DESC', ''])
      .optional()
      .default('desc')
      .transform((s) => (s.toLowerCase() === 'asc' ? 'asc' : 'desc')),
  })
  .transform(({ pageIndex, currentPage, ...rest }) => ({ ...rest, currentPage: currentPage ?? pageIndex ?? 1 }));

export type PageQuery = z.output<typeof pageQuery>;
