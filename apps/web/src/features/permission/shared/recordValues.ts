/*
 * The mapping of the fields in recordFields.tsx between a record as the
 * server answers it and the form: enabledMark 0/1 is a switch, empty texts
 * go back as null, name and code are trimmed.
 */

export interface RecordValues {
  fullName: string;
  enCode: string;
  sortCode?: number;
  enabled: boolean;
  description?: string;
}

interface RecordInfo {
  fullName: string;
  enCode: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
}

/** A new record starts enabled, sorted first. */
export const NEW_RECORD_VALUES = { enabled: true, sortCode: 0 } as const;

export function recordValues(data: RecordInfo): RecordValues {
  return {
    fullName: data.fullName,
    enCode: data.enCode,
    sortCode: data.sortCode,
    enabled: data.enabledMark === 1,
    description: data.description ?? undefined,
  };
}

export function recordBody(v: RecordValues) {
  return {
    fullName: v.fullName.trim(),
    enCode: v.enCode.trim(),
    sortCode: v.sortCode ?? 0,
    enabledMark: v.enabled ? 1 : 0,
    description: v.description?.trim() || null,
  };
}
