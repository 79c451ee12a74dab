/** The table of notice administration (migration 0018_notices), beside the messages row of each notice. */
export interface NoticeDetailTable {
  messageId: string;
  /** JSON list of FileEntry. */
  files: string;
  /** JSON NoticeTargets. */
  targets: string;
  releasedAt: number | null;
  releasedBy: string | null;
}

export interface NoticeTables {
  noticeDetails: NoticeDetailTable;
}

declare module '../../db/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends NoticeTables {}
}
