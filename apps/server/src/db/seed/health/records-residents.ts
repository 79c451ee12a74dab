import { makeIdNumber } from '@medalliance/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import { completenessOf } from '../../../modules/health/records/resident-rules.ts';
import { FAMILY_TABLE, RESIDENT_TABLE, healthSeedId } from './records-models.ts';
import { insertBatches } from '../batches.ts';
import { mulberry32 } from '../random.ts';

/**
 * A fictitious population for the resident archive (issue 17 demo data): about
 * 3,000 residents in ~1,000 families across the five village clinics and the
 * three township health centres, a realistic share aged 65 and over, valid-form
 * but fictitious ID numbers (address code 369901–369908, which no real county
 * uses), and the cases every worklist needs: drafts waiting, incomplete forms,
 * suspected duplicates, irregular phones, deaths / move-outs not yet cancelled,
 * archives without activity for a year. Deterministic (fixed PRNG seed) and
 * idempotent (skipped when the first resident exists); written in batches.
 */

/** Managing units: village clinics and township centres, with their responsible doctor and address. */
export const DEMO_UNITS = [
  { orgId: '100000000000000033', doctorId: '500000000000000025', place: '城关镇东风村', area: '369901', families: 170 },
  { orgId: '100000000000000034', doctorId: '500000000000000026', place: '城关镇柳林村', area: '369902', families: 160 },
  { orgId: '100000000000000043', doctorId: '500000000000000027', place: '石桥镇石桥村', area: '369903', families: 175 },
  { orgId: '100000000000000052', doctorId: '500000000000000028', place: '河口乡河口村', area: '369904', families: 165 },
  { orgId: '100000000000000053', doctorId: '500000000000000029', place: '河口乡桃园村', area: '369905', families: 160 },
  { orgId: '100000000000000030', doctorId: '500000000000000019', place: '城关镇解放街', area: '369906', families: 60 },
  { orgId: '100000000000000040', doctorId: '500000000000000021', place: '石桥镇新街', area: '369907', families: 55 },
  { orgId: '100000000000000050', doctorId: '500000000000000023', place: '河口乡集镇', area: '369908', families: 55 },
];

/** Fixed reference date of the population (ages are counted from it): 2026-01-01. */
const REF = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;
const YEAR = 365.25 * DAY;

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'.split(
    '',
  );
const MALE = [
  '建国',
  '志强',
  '国华',
  '文军',
  '德明',
  '永福',
  '海涛',
  '立新',
  '伟',
  '军',
  '勇',
  '斌',
  '磊',
  '强',
  '涛',
  '明',
  '超',
  '刚',
  '平',
  '辉',
  '鹏',
  '杰',
  '浩',
  '宇',
  '晨',
  '子轩',
  '俊杰',
  '家豪',
  '明轩',
  '天佑',
  '长林',
  '福生',
  '金山',
  '春生',
  '庆华',
];
const FEMALE = [
  '秀英',
  '桂兰',
  '玉珍',
  '淑芬',
  '丽华',
  '春梅',
  '海燕',
  '雪梅',
  '芳',
  '娟',
  '敏',
  '静',
  '丽',
  '艳',
  '霞',
  '燕',
  '玲',
  '婷',
  '倩',
  '颖',
  '欣怡',
  '梓涵',
  '子涵',
  '雨桐',
  '思雨',
  '凤英',
  '翠花',
  '金凤',
  '月娥',
  '桂芳',
];

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** Age in whole years at REF for a birth date. */
const birthFor = (r: () => number, minAge: number, maxAge: number) => {
  const age = minAge + r() * (maxAge - minAge);
  const ms = REF - age * YEAR;
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
};

interface Member {
  relation: string;
  sex: '1' | '2';
  birth: number;
}

/** A household: head, spouse, children, sometimes an elderly parent or a grandchild. */
function household(r: () => number): Member[] {
  const roll = r();
  const headSex: '1' | '2' = r() < 0.82 ? '1' : '2';
  const other = (s: '1' | '2'): '1' | '2' => (s === '1' ? '2' : '1');
  if (roll < 0.16) {
    // An elderly couple or a single elderly person.
    const head = birthFor(r, 62, 92);
    const out: Member[] = [{ relation: '0', sex: headSex, birth: head }];
    if (r() < 0.6) out.push({ relation: '1', sex: other(headSex), birth: head + Math.round((r() * 6 - 3) * YEAR) });
    return out;
  }
  const headAge = roll < 0.55 ? 28 + r() * 22 : 45 + r() * 25;
  const head = birthFor(r, headAge, headAge + 0.99);
  const out: Member[] = [{ relation: '0', sex: headSex, birth: head }];
  if (r() < 0.88) out.push({ relation: '1', sex: other(headSex), birth: head + Math.round((r() * 6 - 2) * YEAR) });
  const kids = Math.floor(r() * 3);
  for (let k = 0; k < kids; k++) {
    const born = head + Math.round((22 + r() * 12) * YEAR);
    if (born < REF - DAY * 30) {
      const sex: '1' | '2' = r() < 0.52 ? '1' : '2';
      out.push({ relation: sex === '1' ? '2' : '3', sex, birth: born });
    }
  }
  if (headAge < 55 && r() < 0.35) out.push({ relation: '5', sex: r() < 0.45 ? '1' : '2', birth: head - Math.round((24 + r() * 8) * YEAR) });
  if (headAge >= 50 && r() < 0.25) out.push({ relation: '4', sex: r() < 0.5 ? '1' : '2', birth: birthFor(r, 1, 12) });
  return out;
}

/** Birth dates as UTC midnights, within the century. */
function normalized(members: Member[]): Member[] {
  return members
    .map((m) => {
      const d = new Date(m.birth);
      return { ...m, birth: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) };
    })
    .filter((m) => m.birth > Date.UTC(1925, 0, 1) && m.birth < REF);
}

/** The population as rows (pure and deterministic: the same every run). */
export function demoPopulation(at: number): { residents: Record<string, unknown>[]; families: Record<string, unknown>[] } {
  const r = mulberry32(20260117);
  const residents: Record<string, unknown>[] = [];
  const families: Record<string, unknown>[] = [];
  const orders = new Map<string, number>();
  let n = 0;
  for (const unit of DEMO_UNITS) {
    for (let fi = 0; fi < unit.families; fi++) {
      const familyId = healthSeedId('family', `${unit.orgId}:${fi}`);
      const surname = pick(r, SURNAMES);
      const group = 1 + Math.floor(fi / 20);
      const address = `青山县${unit.place}${group}组${(fi % 20) + 1}号`;
      const members = normalized(household(r));
      const createdAt = Date.UTC(2019, 0, 1) + Math.floor(r() * (REF - Date.UTC(2019, 0, 1) - 60 * DAY));
      let headId: string | null = null;
      const familyPhone = `1${pick(r, ['38', '39', '50', '58', '87', '77', '35', '86'])}${String(Math.floor(r() * 1e8)).padStart(8, '0')}`;
      for (const m of members) {
        n += 1;
        const id = healthSeedId('resident', String(n));
        if (m.relation === '0') headId = id;
        const ownSurname = m.relation === '1' || m.relation === '5' ? pick(r, SURNAMES) : surname;
        const fullName = ownSurname + pick(r, m.sex === '1' ? MALE : FEMALE);
        const ymd = new Date(m.birth).toISOString().slice(0, 10);
        const orderKey = `${unit.area}${ymd}`;
        let order = (orders.get(orderKey) ?? Math.floor(r() * 200) * 2) + 1;
        if ((order % 2 === 1) !== (m.sex === '1')) order += 1;
        orders.set(orderKey, order + 1);
        const age = (REF - m.birth) / YEAR;
        const special = r();
        let phone: string | null =
          m.relation === '0' || age >= 18
            ? `1${pick(r, ['38', '39', '50', '58', '87', '77', '35', '86'])}${String(Math.floor(r() * 1e8)).padStart(8, '0')}`
            : familyPhone;
        let idNumber: string | null = makeIdNumber(unit.area, m.birth, order);
        let archiveState = 1;
        let cancelReason: string | null = null;
        let deathDate: number | null = null;
        let moveOutDate: number | null = null;
        // Worklist cases, in small realistic shares.
        if (special < 0.03) phone = pick(r, ['1380000', '12345678', '0791-12', '138 0000 000', '1234567890123']);
        else if (special < 0.05) archiveState = 0;
        else if (special < 0.065 && age > 60) deathDate = REF - Math.floor(r() * 200) * DAY;
        else if (special < 0.075) moveOutDate = REF - Math.floor(r() * 200) * DAY;
        else if (special < 0.09) {
          archiveState = 2;
          cancelReason = pick(r, ['1', '1', '2', '3', '4', '9']);
          if (cancelReason === '1') deathDate = REF - Math.floor(r() * 700) * DAY;
        } else if (special < 0.1) idNumber = null; // identity not yet verified
        const incomplete = r() < 0.18;
        const row: Record<string, unknown> = {
          id,
          creator_user_id: unit.doctorId,
          creator_time: createdAt + Math.floor(r() * 30) * DAY,
          last_modify_user_id: null,
          last_modify_time: null,
          organize_id: unit.orgId,
          flow_state: 0,
          fullName,
          idNumber,
          sex: m.sex,
          birthDate: m.birth,
          phone,
          workUnit:
            age >= 18 && age < 60 && r() < 0.4 ? pick(r, ['青山县农机站', '石桥镇砖厂', '河口乡小学', '城关镇供销社', '个体经营']) : null,
          contactName: incomplete && r() < 0.6 ? null : m.relation === '0' ? `${surname}${pick(r, MALE)}` : null,
          contactPhone: incomplete && r() < 0.6 ? null : familyPhone,
          address,
          residentType: r() < 0.93 ? '1' : '2',
          ethnicity: r() < 0.95 ? '01' : pick(r, ['03', '05', '09', '15']),
          bloodAbo: incomplete && r() < 0.5 ? null : pick(r, ['1', '2', '3', '4', '5']),
          bloodRh: incomplete ? null : r() < 0.99 ? '1' : '2',
          education: incomplete && r() < 0.5 ? null : age < 7 ? null : pick(r, ['60', '70', '70', '80', '80', '90', '30', '20']),
          occupation: incomplete && r() < 0.4 ? null : age < 16 || age >= 65 ? 'W' : pick(r, ['5', '5', '5', '4', '6', '1', 'Y']),
          maritalStatus: age < 20 ? '10' : age > 75 && r() < 0.35 ? '30' : pick(r, ['20', '20', '20', '20', '10', '40']),
          paymentMethod: incomplete && r() < 0.5 ? null : r() < 0.88 ? '02' : '01',
          drugAllergy: incomplete && r() < 0.5 ? null : r() < 0.92 ? '1' : pick(r, ['2', '3', '4']),
          disability: r() < 0.95 ? '1' : pick(r, ['2', '3', '5']),
          heightCm:
            age < 14 ? Math.round((80 + age * 6) * 10) / 10 : Math.round((m.sex === '1' ? 160 + r() * 20 : 150 + r() * 17) * 10) / 10,
          familyId,
          relationToHead: m.relation,
          manageOrgId: unit.orgId,
          doctorId: unit.doctorId,
          archiveState,
          cancelReason,
          deathDate,
          moveOutDate,
          auditLevel: archiveState === 0 ? 0 : pick(r, [0, 0, 1, 1, 1, 2, 2, 3]),
          // Activity within the last 2 years; about a fifth have none in the last 12 months.
          lastActivityAt: at - Math.floor(r() < 0.2 ? 370 + r() * 330 : r() * 360) * DAY,
        };
        row.completeness = completenessOf(row);
        residents.push(row);
      }
      families.push({
        id: familyId,
        creator_user_id: unit.doctorId,
        creator_time: createdAt,
        last_modify_user_id: null,
        last_modify_time: null,
        organize_id: unit.orgId,
        flow_state: 0,
        familyName: `${surname}家`,
        headResidentId: headId,
        address,
        manageOrgId: unit.orgId,
        doctorId: unit.doctorId,
      });
    }
  }
  // Suspected duplicates: a second archive of the same person (same name, birth date and phone) without an ID number, left as a draft.
  const r2 = mulberry32(7);
  for (let k = 0; k < 12; k++) {
    const src = residents[Math.floor(r2() * residents.length)]!;
    if (!src.phone || src.archiveState === 2) continue;
    n += 1;
    residents.push({
      ...src,
      id: healthSeedId('resident', String(n)),
      idNumber: null,
      archiveState: 0,
      auditLevel: 0,
      familyId: null,
      relationToHead: null,
      deathDate: null,
      moveOutDate: null,
      // Entered again later, but never after the seed itself.
      creator_time: Math.min(Number(src.creator_time) + 400 * DAY, at - DAY),
    });
  }
  return { residents, families };
}

/** Seeds the population once; returns how many residents were written (0 when already there). */
export async function seedResidents(ctx: AppContext, at = Date.now()): Promise<number> {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const first = healthSeedId('resident', '1');
  if (await db.selectFrom(RESIDENT_TABLE).select('id').where('id', '=', first).executeTakeFirst()) return 0;
  const { residents, families } = demoPopulation(at);
  const timeline = residents.map((row) => ({
    id: `${row.id}-t0`,
    resident_id: row.id,
    kind: 'archive',
    title: 'archive.created',
    ref_model: 'healthResident',
    ref_id: row.id,
    at: row.creator_time,
    org_id: row.manageOrgId,
  }));
  const cancelled = residents
    .filter((row) => row.archiveState === 2)
    .map((row) => ({
      id: `${row.id}-h1`,
      entity: 'resident',
      entity_id: row.id,
      field: 'archiveState',
      old_value: '1',
      new_value: '2',
      reason: String(row.cancelReason),
      user_id: row.doctorId,
      at: Math.min(Number(row.creator_time) + 300 * DAY, at - DAY),
    }));
  await ctx.db.transaction().execute(async (trx) => {
    const t = trx.withoutPlugins() as unknown as Kysely<any>;
    await insertBatches(t, FAMILY_TABLE, families);
    await insertBatches(t, RESIDENT_TABLE, residents);
    await insertBatches(t, 'health_timeline', timeline);
    await insertBatches(t, 'health_state_history', cancelled);
  });
  return residents.length;
}
