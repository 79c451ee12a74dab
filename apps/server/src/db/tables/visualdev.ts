/**
 * Tables of the visual-development module (migration 0009_visualdev). A model's
 * own tables are not typed here: they are made by release and read through
 * modules/visualdev/model-tables.ts.
 */

/** A model: a form and a list definition, as a draft and as released. */
export interface VisualdevModelTable {
  id: string;
  fullName: string;
  /** Unique; the main table is `lc_<enCode in snake_case>`. */
  enCode: string;
  /** A dictionary item id of the 'visualDevCategory' dictionary ('' for none). */
  category: string;
  /** 1 form only, 2 list + form, 3 list + form + workflow. */
  webType: number;
  /** 0 never released, 1 released. */
  state: number;
  /** 1 function design (the only kind today; kept for the reference's field). */
  type: number;
  description: string;
  sortCode: number;
  /** The draft form definition (JSON): what the designer edits. */
  formData: string;
  /** The draft list definition (JSON). */
  columnData: string;
  /** The released form definition (JSON): what the live pages and the tables follow; null before the first release. */
  releasedFormData: string | null;
  releasedColumnData: string | null;
  /** The main table (`lc_...`), or the bound table. */
  tableName: string;
  /** An existing table the model reads instead of one of its own (release creates nothing). */
  boundTable: string | null;
  /** Number of releases so far. */
  version: number;
  releasedAt: number | null;
  releasedBy: string | null;
  createdAt: number;
  createdBy: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
}

export interface VisualdevTables {
  visualdevModels: VisualdevModelTable;
}
