/** The TB forms (seeded low-code models, db/seed/health/tb-models.ts): enCodes and their tables. */
export const TB_MODELS = {
  first: { enCode: 'tbFirstVisit', table: 'lc_tb_first_visit' },
  visit: { enCode: 'tbVisit', table: 'lc_tb_visit' },
  closure: { enCode: 'tbClosure', table: 'lc_tb_closure' },
} as const;
export type TbForm = keyof typeof TB_MODELS;
export const TB_FORMS = Object.keys(TB_MODELS) as TbForm[];
