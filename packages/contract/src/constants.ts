/**
 * Runtime constants without zod: the web imports these on its first screen,
 * so this module must stay free of schemas (and of zod).
 */
export const LANGUAGES = ['zh', 'zhtw', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LAYOUTS = ['classic', 'functional', 'plain', 'blend'] as const;
export type Layout = (typeof LAYOUTS)[number];

/** Menu types of spec §2.3. */
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
} as const;
export type MenuType = (typeof MenuTypes)[keyof typeof MenuTypes];
