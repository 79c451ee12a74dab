import { z } from 'zod';
import { FIELD_KEY } from './form-schema.ts';

/**
 * The list definition (the reference's columnData, in our spelling): which
 * fields are columns, which are searched and how, the default sort, paging,
 * the page style and its buttons. The server's list-query layer reads it to
 * build one bound SELECT; the runtime renders it.
 */

/** A column: a main-table field, or `table.field` for a sub-table's column. */
const columnKey = z.string().regex(/^[a-z][a-zA-Z0-9_]{0,39}(\.[a-z][a-zA-Z0-9_]{0,39})?$/);

export const MATCH_TYPES = ['equal', 'contains', 'range', 'in'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

export const LIST_PAGE_SIZES = [20, 50, 100, 500] as const;

export const LIST_STYLES = {
  plain: 1,
  tree: 2, // left tree + table
  grouped: 3,
  inlineEdit: 4,
  treeTable: 5,
} as const;

export const listColumn = z.object({
  field: columnKey,
  label: z.string().max(100),
  width: z.number().int().min(40).max(2000).optional(),
  align: z.enum(['left', 'center', 'right']).optional(),
  fixed: z.enum(['left', 'right']).optional(),
  sortable: z.boolean().optional(),
  visible: z.boolean().optional(),
  /** Display format for numbers and dates, e.g. 'YYYY-MM-DD' or '0.00'. */
  format: z.string().max(40).optional(),
});
export type ListColumn = z.infer<typeof listColumn>;

export const searchField = z.object({
  field: z.string().regex(FIELD_KEY),
  match: z.enum(MATCH_TYPES),
});
export type SearchField = z.infer<typeof searchField>;

export const listDefinition = z.object({
  style: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]).default(1),
  columns: z.array(listColumn).max(200).default([]),
  search: z.array(searchField).max(50).default([]),
  defaultSort: z.object({ field: z.string().regex(FIELD_KEY), order: z.enum(['asc', 'desc']) }).optional(),
  hasPage: z.boolean().default(true),
  pageSize: z.union([z.literal(20), z.literal(50), z.literal(100), z.literal(500)]).default(20),
  /** style 2: the tree on the left and the field it filters. */
  tree: z
    .object({
      title: z.string().max(100).optional(),
      source: z.enum(['dictionary', 'organize', 'department', 'interface']),
      dictionaryType: z.string().max(64).optional(),
      interfaceId: z.string().max(64).optional(),
      relationField: z.string().regex(FIELD_KEY),
    })
    .optional(),
  /** style 3: rows grouped by this field. */
  groupField: z.string().regex(FIELD_KEY).optional(),
  /** style 5: the field holding the parent record's id. */
  parentField: z.string().regex(FIELD_KEY).optional(),
  buttons: z.array(z.enum(['add', 'export', 'import', 'batchRemove', 'batchPrint'])).default(['add']),
  rowButtons: z.array(z.enum(['edit', 'remove', 'detail'])).default(['edit', 'remove', 'detail']),
  useColumnPermission: z.boolean().default(false),
  useFormPermission: z.boolean().default(false),
  useButtonPermission: z.boolean().default(false),
  useDataPermission: z.boolean().default(false),
});
export type ListDefinition = z.output<typeof listDefinition>;
