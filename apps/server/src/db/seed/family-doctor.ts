import type { Kysely } from 'kysely';
import { fdAuthenticity, fdContractEnd, fdPlanTasks, DEFAULT_FD_VERIFY, type FdChecklistCode, FD_CHECKLIST } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { insertBatches } from './batches.ts';
import { FD_ITEM, FD_PACKAGE, FD_TEAM, PACKAGES } from './family-doctor-teams.ts';
import { seedUsers } from './people.ts';
import { mulberry32 } from './random.ts';
import { billRuleId, dictDataId } from './system.ts';
import { stableId } from './menus.ts';

/**
 * Demo family-doctor contracts (issue 21, M11): the contract-number bill rule
 * (fdContractNo, QY + date + 4 digits), fictitious address positions for the
 * residents of 城关镇 and 石桥镇 (the archive keeps none), and ~80 contracts of
 * the teams FD_TEAM.cg1 / sq1 over the demo population, with their tasks
 * (past ones mostly done, some 失访 / 未访, some left open → 过访), service
 * records (valid, invalid, unmatched; most audited, some awaiting audit), a
 * few contracts ending within 30 days, terminated, expired and pending ones.
 * Only when residents exist and no contract does.
 */

const DAY = 86_400_000;
const YEAR = 365.2425 * DAY;
const RESIDENT_TABLE = 'lc_health_resident';
const user = (account: string) => seedUsers.find((u) => u.account === account)!.id;

/** A team, its unit, the units whose residents it contracts, and who signs. */
const TEAMS = [
  {
    id: FD_TEAM.cg1,
    orgId: '100000000000000030',
    units: ['100000000000000033', '100000000000000034', '100000000000000030'],
    doctors: ['xuli', 'dengshan'],
  },
  { id: FD_TEAM.sq1, orgId: '100000000000000040', units: ['100000000000000043', '100000000000000040'], doctors: ['hujian', 'pengbo'] },
];
/** Rough centres of the demo places (fictitious). */
const CENTRE: Record<string, [number, number]> = {
  '100000000000000033': [28.6852, 115.8921],
  '100000000000000034': [28.7013, 115.9154],
  '100000000000000030': [28.6931, 115.9032],
  '100000000000000043': [28.6217, 115.8365],
  '100000000000000040': [28.6281, 115.8442],
};

export async function seedFamilyDoctor(ctx: AppContext, at = Date.now()): Promise<void> {
  const audit = { createdAt: at, createdBy: null, updatedAt: null, updatedBy: null };
  await ctx.db
    .insertInto('billRules')
    .values({
      id: billRuleId('fdContractNo'),
      categoryId: dictDataId('businessType', 'general'),
      fullName: '家庭医生签约协议号',
      enCode: 'fdContractNo',
      prefix: 'QY',
      dateFormat: 'YYYYMMDD',
      digit: 4,
      startNumber: 1,
      suffix: '',
      thisNumber: 0,
      dateKey: '',
      outputNumber: null,
      sortCode: 100,
      enabledMark: 1,
      description: null,
      ...audit,
    } as never)
    .onConflict((oc) => oc.doNothing())
    .execute();

  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  if (await db.selectFrom('fd_contracts').select('id').limit(1).executeTakeFirst()) return;
  if (!(await db.selectFrom('fd_teams').select('id').where('id', '=', FD_TEAM.cg1).executeTakeFirst())) return;
  const units = TEAMS.flatMap((t) => t.units);
  const residents = (await db
    .selectFrom(RESIDENT_TABLE)
    .select(['id', 'familyId', 'birthDate', 'manageOrgId', 'archiveState'])
    .where('manageOrgId', 'in', units)
    .orderBy('id')
    .execute()) as { id: string; familyId: string | null; birthDate: number | null; manageOrgId: string; archiveState: number }[];
  if (!residents.length) return;
  const r = mulberry32(20261128);

  // Positions: one per family (members share the address), scattered within ~1.5 km of the place's centre.
  const famPos = new Map<string, [number, number]>();
  const pos = new Map<string, [number, number]>();
  for (const x of residents) {
    const key = x.familyId ?? x.id;
    let p = famPos.get(key);
    if (!p) {
      const [lat, lng] = CENTRE[x.manageOrgId] ?? [28.66, 115.87];
      p = [Math.round((lat + (r() - 0.5) * 0.027) * 1e6) / 1e6, Math.round((lng + (r() - 0.5) * 0.031) * 1e6) / 1e6];
      famPos.set(key, p);
    }
    pos.set(x.id, p);
  }
  await insertBatches(
    db,
    'fd_resident_positions',
    [...pos].map(([id, [lat, lng]]) => ({ resident_id: id, lat, lng, updated_at: at, updated_by: null })),
  );

  const chronic = new Set(
    (await db.selectFrom('health_chronic_enrolments').select('resident_id').where('outcome', '<>', 2).execute()).map((e) =>
      String(e.resident_id),
    ),
  );
  const pkgById = new Map(PACKAGES.map((p) => [p.id, p]));
  const realPrice = (id: string) => {
    const p = pkgById.get(id)!;
    return Math.round((p.price * p.discount) / 100);
  };

  const contracts: Record<string, unknown>[] = [];
  const events: Record<string, unknown>[] = [];
  const tasks: Record<string, unknown>[] = [];
  const records: Record<string, unknown>[] = [];
  const today = Math.floor(at / DAY) * DAY;
  let n = 0;
  for (const team of TEAMS) {
    const pool = residents.filter((x) => team.units.includes(x.manageOrgId) && Number(x.archiveState) === 1);
    // Chronic patients and the elderly first (the teams' key populations), then others.
    const age = (x: (typeof pool)[number]) => (x.birthDate === null ? 40 : (at - Number(x.birthDate)) / YEAR);
    const ranked = [...pool].sort((a, b) => Number(chronic.has(b.id)) - Number(chronic.has(a.id)) || age(b) - age(a));
    const picked = [...ranked.slice(0, 30), ...ranked.slice(ranked.length - 10)];
    picked.forEach((x, i) => {
      n += 1;
      const id = stableId('44', `fdContract:${n}`);
      const a = age(x);
      const group = chronic.has(x.id) ? '04' : a >= 65 ? '03' : a < 7 ? '02' : '10';
      const packageId =
        group === '04'
          ? FD_PACKAGE.chronic
          : group === '03'
            ? FD_PACKAGE.elderly
            : group === '02'
              ? FD_PACKAGE.maternalChild
              : FD_PACKAGE.basic;
      const years = 1 + (i % 3 === 0 ? 1 : 0);
      // Term starts spread over the last ~20 months; some end within 30 days (the renewal list).
      let start = today - Math.floor(30 + r() * 560) * DAY;
      if (i % 9 === 4) start = fdContractEnd(today, 0) + DAY - years * 365 * DAY + Math.floor(5 + r() * 20) * DAY;
      const end = fdContractEnd(start, years);
      const kind = i === 7 ? 'terminated' : i === 11 ? 'pending' : end < today ? 'expired' : 'signed';
      const doctor = user(team.doctors[i % team.doctors.length]!);
      const signedAt = kind === 'pending' ? null : start - DAY + 9 * 3_600_000;
      const d = new Date(signedAt ?? at);
      const no = `QY${d.toISOString().slice(0, 10).replace(/-/g, '')}${String(9000 + n).slice(-4)}`;
      contracts.push({
        id,
        contract_no: no,
        resident_id: x.id,
        team_id: team.id,
        doctor_id: doctor,
        package_id: packageId,
        population_group: group,
        term_years: years,
        signed_at: signedAt,
        start_date: start,
        end_date: end,
        status: kind,
        terminate_reason: kind === 'terminated' ? '02' : null,
        terminated_at: kind === 'terminated' ? today - 20 * DAY : null,
        renewed_from: null,
        org_id: team.orgId,
        price: realPrice(packageId),
        note: null,
        created_by: doctor,
        created_at: signedAt ?? at - 2 * DAY,
        updated_at: at,
      });
      events.push({
        id: stableId('45', `${id}:sign`),
        contract_id: id,
        action: 'sign',
        from_status: null,
        to_status: kind === 'pending' ? 'pending' : 'signed',
        user_id: doctor,
        reason: null,
        at: signedAt ?? at - 2 * DAY,
      });
      if (kind === 'terminated')
        events.push({
          id: stableId('45', `${id}:terminate`),
          contract_id: id,
          action: 'terminate',
          from_status: 'signed',
          to_status: 'terminated',
          user_id: doctor,
          reason: '02',
          at: today - 20 * DAY,
        });
      if (kind === 'pending') return;
      const pkg = pkgById.get(packageId)!;
      const planned = fdPlanTasks(
        start,
        end,
        years,
        pkg.items.map(([itemId, times]) => ({ itemId, times })),
      );
      planned.forEach((p, k) => {
        const taskId = stableId('46', `${id}:${p.itemId}:${p.seq}`);
        const due = p.dueDate < today;
        const roll = r();
        let status = '0';
        if (kind === 'terminated' && p.dueDate >= today - 20 * DAY) status = '8';
        else if (due) status = roll < 0.72 ? '1' : roll < 0.8 ? '2' : roll < 0.86 ? '3' : '0';
        else if (p.planDate <= today && roll < 0.35) status = '1';
        const servedAt = Math.min(
          p.planDate + Math.floor(r() * Math.max(1, (p.dueDate - p.planDate) / DAY)) * DAY + 10 * 3_600_000,
          at - DAY,
        );
        let recordId: string | null = null;
        if (status === '1' && k % 2 === 0) {
          recordId = stableId('47', `${taskId}:record`);
          const home = pos.get(x.id)!;
          const kindRoll = r();
          // Mostly at the address; some far away (无效) or without a position (未匹配); some entered late.
          const far = kindRoll < 0.12;
          const nopos = kindRoll > 0.93;
          const lat = nopos ? null : home[0] + (far ? 0.02 : (r() - 0.5) * 0.003);
          const lng = nopos ? null : home[1] + (far ? 0.02 : (r() - 0.5) * 0.003);
          const createdAt = Math.min(servedAt + (r() < 0.1 ? 12 : 0) * DAY + 2 * 3_600_000, at);
          const v = fdAuthenticity({ lat, lng, servedAt, recordedAt: createdAt }, { lat: home[0], lng: home[1] }, DEFAULT_FD_VERIFY);
          const pending = servedAt > today - 45 * DAY;
          const checklist: FdChecklistCode[] = [
            'c01',
            'c02',
            ...(r() < 0.6 ? (['c03'] as const) : []),
            ...(r() < 0.2 ? [FD_CHECKLIST[Math.floor(r() * 14)]!] : []),
          ];
          records.push({
            id: recordId,
            contract_id: id,
            task_id: taskId,
            item_id: p.itemId,
            resident_id: x.id,
            doctor_id: doctor,
            org_id: team.orgId,
            served_at: servedAt,
            checklist: JSON.stringify([...new Set(checklist)]),
            lat: lat === null ? null : Math.round(lat * 1e6) / 1e6,
            lng: lng === null ? null : Math.round(lng * 1e6) / 1e6,
            address: null,
            note: p.itemId === FD_ITEM.htnVisit ? '血压平稳，继续原方案' : null,
            authenticity: v.result,
            distance_m: v.distanceM === null ? null : Math.round(v.distanceM),
            audit_status: pending ? 'pending' : v.result === '2' ? 'rejected' : 'approved',
            audited_by: pending ? null : user(team.doctors[0]!),
            audited_at: pending ? null : createdAt + 3 * DAY,
            audit_comment: !pending && v.result === '2' ? '定位与居民住址不符' : null,
            created_at: createdAt,
          });
        }
        tasks.push({
          id: taskId,
          contract_id: id,
          item_id: p.itemId,
          seq: p.seq,
          plan_date: p.planDate,
          due_date: p.dueDate,
          status,
          done_at: status === '1' ? servedAt : ['2', '3'].includes(status) ? p.dueDate : null,
          record_id: recordId,
          source_form: null,
          source_record_id: null,
          resident_id: x.id,
          team_id: team.id,
          doctor_id: doctor,
          org_id: team.orgId,
          note: null,
          updated_at: at,
        });
      });
    });
  }
  await insertBatches(db, 'fd_contracts', contracts);
  await insertBatches(db, 'fd_contract_events', events);
  await insertBatches(db, 'fd_tasks', tasks);
  await insertBatches(db, 'fd_service_records', records);
}
