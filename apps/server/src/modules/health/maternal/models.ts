/** The four seeded maternal forms (db/seed/health/maternal-models.ts): enCode and table of each visit type. */
export const MAT_MODELS = {
  first: { enCode: 'matFirstVisit', table: 'lc_mat_first_visit' },
  antenatal: { enCode: 'matAntenatal', table: 'lc_mat_antenatal' },
  postpartum: { enCode: 'matPostpartum', table: 'lc_mat_postpartum' },
  check42: { enCode: 'matCheck42', table: 'lc_mat_check42' },
} as const;
export type MatVisitType = keyof typeof MAT_MODELS;
export const MAT_VISIT_TYPES = Object.keys(MAT_MODELS) as MatVisitType[];
export const MAT_VISIT_TABLES = MAT_VISIT_TYPES.map((t) => MAT_MODELS[t].table);
