import type { Kysely } from 'kysely';
import { forbidden, notFound } from '../../../http/errors.ts';
import { orgInScope, type HealthScope } from '../privacy/scope.ts';

/** E's resident archive (model healthResident, table lc_health_resident), as the chronic rules read it. */
export const RESIDENT_TABLE = 'lc_health_resident';

export interface ResidentFacts {
  id: string;
  fullName: string;
  idNumber: string;
  phone: string;
  sex: string | null;
  birthDate: number | null;
  heightCm: number | null;
  manageOrgId: string | null;
  doctorId: string | null;
  archiveState: number;
}

const n = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

export async function findResident(db: Kysely<any>, id: string): Promise<ResidentFacts | null> {
  const r = await db
    .selectFrom(RESIDENT_TABLE)
    .select(['id', 'fullName', 'idNumber', 'phone', 'sex', 'birthDate', 'heightCm', 'manageOrgId', 'doctorId', 'archiveState'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!r) return null;
  return {
    id: String(r.id),
    fullName: String(r.fullName ?? ''),
    idNumber: String(r.idNumber ?? ''),
    phone: String(r.phone ?? ''),
    sex: r.sex === null || r.sex === undefined ? null : String(r.sex),
    birthDate: n(r.birthDate),
    heightCm: n(r.heightCm),
    manageOrgId: r.manageOrgId ? String(r.manageOrgId) : null,
    doctorId: r.doctorId ? String(r.doctorId) : null,
    archiveState: Number(r.archiveState ?? 0),
  };
}

/** The resident, refused with 404 when unknown and 403 outside the caller's data scope. */
export async function residentInScope(db: Kysely<any>, scope: HealthScope, id: string): Promise<ResidentFacts> {
  const r = await findResident(db, id);
  if (!r) throw notFound();
  if (!orgInScope(scope, r.manageOrgId)) throw forbidden();
  return r;
}
