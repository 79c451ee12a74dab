/** Tables of the data-report module (migration 0011_report). */

/** A data report: its definition (packages/contract report/definition.ts) as JSON text. */
export interface DataReportTable {
  id: string;
  fullName: string;
  /** Unique. */
  enCode: string;
  /** A dictionary item id of the 'visualDevCategory' dictionary ('' for none). */
  category: string;
  description: string;
  sortCode: number;
  /** 1 enabled, 0 disabled (a disabled report does not run). */
  enabledMark: number;
  definition: string;
  createdAt: number;
  createdBy: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
}

export interface ReportTables {
  dataReports: DataReportTable;
}
