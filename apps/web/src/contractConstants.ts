import type { Language, Layout, MenuType } from '@medalliance/contract';

/**
 * Zod-free copies of the contract's runtime constants that live in
 * packages/contract/src/session.ts. That file also declares zod schemas, so
 * importing a value from it would put zod (≈50 kB gzip) into the login page's
 * bundle. Types still come from the contract, and contractConstants.test.ts
 * fails if the copies drift. Remove this file once the contract keeps these
 * constants in a module without schemas.
 */
export const LANGUAGES = ['zh', 'zhtw', 'en'] as const satisfies readonly Language[];

export const LAYOUTS = ['classic', 'functional', 'plain', 'blend'] as const satisfies readonly Layout[];

export const MenuTypes = {
  directory: 1,
  page: 2,
  model: 3,
  dictionary: 4,
  report: 5,
  dataV: 6,
  link: 7,
  portal: 8,
  iframe: 9,
} as const satisfies Record<string, MenuType>;
