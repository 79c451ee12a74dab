import { isRegularPhone, parseIdNumber } from '@medalliance/contract';

/**
 * Pure rules of the resident archive (issue 17, M1): the fields the national
 * form asks for (completeness), the archive states and the three-level audit.
 */

/** Fields of the personal basic-information form that count for completeness (§1.1). */
export const COMPLETENESS_FIELDS = [
  'fullName',
  'idNumber',
  'sex',
  'birthDate',
  'phone',
  'address',
  'residentType',
  'ethnicity',
  'bloodAbo',
  'education',
  'occupation',
  'maritalStatus',
  'paymentMethod',
  'drugAllergy',
  'contactName',
  'contactPhone',
  'manageOrgId',
  'doctorId',
] as const;

const filled = (v: unknown) =>
  v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '') && !(Array.isArray(v) && !v.length);

/** Filled required fields ÷ required fields, as a whole percentage (0–100). */
export function completenessOf(data: Record<string, unknown>, extraRequired: string[] = []): number {
  const fields = [...new Set<string>([...COMPLETENESS_FIELDS, ...extraRequired])];
  const n = fields.filter((k) => filled(data[k])).length;
  return Math.floor((n * 100) / fields.length);
}

/** The required fields still empty. */
export function missingFields(data: Record<string, unknown>, extraRequired: string[] = []): string[] {
  return [...new Set<string>([...COMPLETENESS_FIELDS, ...extraRequired])].filter((k) => !filled(data[k]));
}

export const ARCHIVE_STATE = { draft: 0, normal: 1, cancelled: 2 } as const;
export const CANCEL_REASONS = ['1', '2', '3', '4', '9'] as const; // 死亡, 迁出, 失访, 拒绝, 其他
export const AUDIT_LEVEL_MAX = 3;

export type ArchiveAction = 'activate' | 'cancel' | 'restore' | 'audit' | 'cancelAudit' | 'returnAudit';

/**
 * The next archive state and audit level for an action, or null when the
 * action is not possible:
 * - activate: 草稿 → 正常; cancel: 正常 → 已注销 (reason); restore: 已注销 → 正常;
 * - audit: one level up (未审核 → 一级 → 二级 → 三级), only on 正常 archives;
 * - cancelAudit: the last level withdrawn (one level down);
 * - returnAudit: sent back to 未审核 for correction.
 */
export function nextArchiveState(state: number, level: number, action: ArchiveAction): { archiveState: number; auditLevel: number } | null {
  switch (action) {
    case 'activate':
      return state === ARCHIVE_STATE.draft ? { archiveState: ARCHIVE_STATE.normal, auditLevel: level } : null;
    case 'cancel':
      return state === ARCHIVE_STATE.normal ? { archiveState: ARCHIVE_STATE.cancelled, auditLevel: level } : null;
    case 'restore':
      return state === ARCHIVE_STATE.cancelled ? { archiveState: ARCHIVE_STATE.normal, auditLevel: level } : null;
    case 'audit':
      return state === ARCHIVE_STATE.normal && level < AUDIT_LEVEL_MAX ? { archiveState: state, auditLevel: level + 1 } : null;
    case 'cancelAudit':
      return state === ARCHIVE_STATE.normal && level > 0 ? { archiveState: state, auditLevel: level - 1 } : null;
    case 'returnAudit':
      return state === ARCHIVE_STATE.normal && level > 0 ? { archiveState: state, auditLevel: 0 } : null;
  }
}

/** Whether a phone number is irregular (empty counts as missing, not irregular). */
export const irregularPhone = (phone: unknown) => filled(phone) && !isRegularPhone(String(phone));

/** The ID number checked against the entered sex and birth date; fills them when empty. Throws a message key. */
export function checkIdentity(data: Record<string, unknown>): { problem: string; params?: Record<string, string> } | null {
  const raw = typeof data.idNumber === 'string' ? data.idNumber.trim() : data.idNumber;
  if (raw === null || raw === undefined || raw === '') {
    data.idNumber = null;
    return null;
  }
  const info = parseIdNumber(String(raw));
  data.idNumber = info.normalized;
  if (!info.valid) return { problem: `health.idNumber.${info.problem}` };
  const sex = data.sex === null || data.sex === undefined || data.sex === '' ? null : String(data.sex);
  if (sex === null) data.sex = info.sex;
  else if ((sex === '1' || sex === '2') && sex !== info.sex)
    return { problem: 'health.idNumber.sexMismatch', params: { sex: info.sex === '1' ? '男' : '女' } };
  const birth = data.birthDate === null || data.birthDate === undefined || data.birthDate === '' ? null : Number(data.birthDate);
  if (birth === null || Number.isNaN(birth)) data.birthDate = info.birthDate;
  else {
    const d = new Date(birth);
    const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    // A date picked in a zone east of UTC may arrive as the evening before: compare calendar days either way.
    const local = Date.UTC(
      new Date(birth + 12 * 3_600_000).getUTCFullYear(),
      new Date(birth + 12 * 3_600_000).getUTCMonth(),
      new Date(birth + 12 * 3_600_000).getUTCDate(),
    );
    if (day !== info.birthDate && local !== info.birthDate)
      return { problem: 'health.idNumber.birthMismatch', params: { date: new Date(info.birthDate!).toISOString().slice(0, 10) } };
    data.birthDate = info.birthDate;
  }
  return null;
}
