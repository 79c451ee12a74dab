import type { Kysely } from 'kysely';
import { fdRealPrice } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { insertBatches } from './batches.ts';
import { seedUsers } from './people.ts';
import { startFlow } from '../../modules/workflow/actions.service.ts';
import { ensureTeamFlow } from '../../modules/family-doctor/teams/team-flow.ts';

/**
 * Demo family-doctor teams, service items, packages and residents' questions
 * (issue 21, M11). Fixed ids (other seeds and helper E's task generation use
 * them):
 *
 * Teams (built from the seeded familyDoctor groups G.FD.CG1 / G.FD.SQ1 and
 * their members, plus a third team of 河口乡 awaiting audit):
 *   FD_TEAM.cg1 '410000000000000001' 城关镇家庭医生一团队 org 100000000000000030 active
 *               members xuli (doctor, leader), majun (public_health), dengshan (doctor), caoxia (nurse)
 *   FD_TEAM.sq1 '410000000000000002' 石桥镇家庭医生团队   org 100000000000000040 active
 *               members hujian (doctor, leader), guoping (nurse), pengbo (doctor)
 *   FD_TEAM.hk1 '410000000000000003' 河口乡家庭医生团队   org 100000000000000050 pending (in the audit flow)
 *               members linfeng (doctor, leader), xiechun (public_health), zengli (doctor), xiaoyu (nurse)
 *
 * Service items FD_ITEM.* '4200000000000000NN' (codes FD01..FD16; htn '…03'
 * form 'htn_visit', dm '…04' form 'dm_visit', see ITEMS below).
 * Packages FD_PACKAGE.basic '430000000000000001', elderly '…02', chronic '…03',
 * maternalChild '…04' with their items and times (PACKAGES below).
 */

export const FD_TEAM = {
  cg1: '410000000000000001',
  sq1: '410000000000000002',
  hk1: '410000000000000003',
} as const;

const item = (n: number) => `4200000000000000${String(n).padStart(2, '0')}`;
export const FD_ITEM = {
  archive: item(1),
  consult: item(2),
  htnVisit: item(3),
  dmVisit: item(4),
  elderlyCheck: item(5),
  psyVisit: item(6),
  tbVisit: item(7),
  childVisit: item(8),
  maternalVisit: item(9),
  tcm: item(10),
  referral: item(11),
  homeVisit: item(12),
  glucose: item(13),
  ecg: item(14),
  rehab: item(15),
  medicine: item(16),
} as const;

export const FD_PACKAGE = {
  basic: '430000000000000001',
  elderly: '430000000000000002',
  chronic: '430000000000000003',
  maternalChild: '430000000000000004',
} as const;

const ALL_GROUPS = ['10', '03', '02', '01', '04', '05', '07', '06', '08', '13', '09', '11', '19', '12', '22'];

/** Seed users (people.ts) by account. */
const ACCOUNTS = ['xuli', 'majun', 'hujian', 'guoping', 'linfeng', 'xiechun', 'dengshan', 'caoxia', 'pengbo', 'zengli', 'xiaoyu'] as const;
const USER = Object.fromEntries(ACCOUNTS.map((a) => [a, seedUsers.find((u) => u.account === a)!.id])) as Record<
  (typeof ACCOUNTS)[number],
  string
>;

interface SeedTeam {
  id: string;
  orgId: string;
  code: string;
  name: string;
  status: 'active' | 'pending';
  intro: string;
  members: [keyof typeof USER, 'doctor' | 'nurse' | 'public_health'][];
}

export const FD_TEAMS: SeedTeam[] = [
  {
    id: FD_TEAM.cg1,
    orgId: '100000000000000030',
    code: 'G.FD.CG1',
    name: '城关镇家庭医生一团队',
    status: 'active',
    intro: '负责城关镇东风村、柳林村居民的签约服务',
    members: [
      ['xuli', 'doctor'],
      ['majun', 'public_health'],
      ['dengshan', 'doctor'],
      ['caoxia', 'nurse'],
    ],
  },
  {
    id: FD_TEAM.sq1,
    orgId: '100000000000000040',
    code: 'G.FD.SQ1',
    name: '石桥镇家庭医生团队',
    status: 'active',
    intro: '负责石桥镇石桥村居民的签约服务',
    members: [
      ['hujian', 'doctor'],
      ['guoping', 'nurse'],
      ['pengbo', 'doctor'],
    ],
  },
  {
    id: FD_TEAM.hk1,
    orgId: '100000000000000050',
    code: 'G.FD.HK1',
    name: '河口乡家庭医生团队',
    status: 'pending',
    intro: '河口乡新组建的团队，待审核',
    members: [
      ['linfeng', 'doctor'],
      ['xiechun', 'public_health'],
      ['zengli', 'doctor'],
      ['xiaoyu', 'nurse'],
    ],
  },
];

/** [id, code, name, nature, times per year, price fen, form code, groups]. */
type SeedItem = [string, string, string, 1 | 2, number, number, string | null, string[]];
export const ITEMS: SeedItem[] = [
  [FD_ITEM.archive, 'FD01', '建立/更新居民健康档案', 1, 1, 0, null, ALL_GROUPS],
  [FD_ITEM.consult, 'FD02', '健康咨询与健康教育', 1, 4, 0, null, ALL_GROUPS],
  [FD_ITEM.htnVisit, 'FD03', '高血压患者随访', 1, 4, 0, 'htn_visit', ['04']],
  [FD_ITEM.dmVisit, 'FD04', '2型糖尿病患者随访', 1, 4, 0, 'dm_visit', ['05']],
  [FD_ITEM.elderlyCheck, 'FD05', '老年人健康体检', 1, 1, 0, 'old_check', ['03']],
  [FD_ITEM.psyVisit, 'FD06', '严重精神障碍患者随访', 1, 4, 0, 'psy_visit', ['06']],
  [FD_ITEM.tbVisit, 'FD07', '肺结核患者随访', 1, 6, 0, 'tb_visit', ['07']],
  [FD_ITEM.childVisit, 'FD08', '0-6岁儿童健康管理', 1, 2, 0, 'child_visit', ['02']],
  [FD_ITEM.maternalVisit, 'FD09', '孕产妇健康管理', 1, 5, 0, 'mat_visit', ['01']],
  [FD_ITEM.tcm, 'FD10', '中医药健康管理', 1, 1, 0, null, ['03', '02']],
  [FD_ITEM.referral, 'FD11', '预约转诊与优先就诊', 1, 1, 0, null, ALL_GROUPS],
  [FD_ITEM.homeVisit, 'FD12', '上门巡诊', 2, 2, 3000, null, ['03', '08', '19']],
  [FD_ITEM.glucose, 'FD13', '指尖血糖监测', 2, 4, 500, null, ['05']],
  [FD_ITEM.ecg, 'FD14', '心电图检查', 2, 1, 2000, null, ['03', '04']],
  [FD_ITEM.rehab, 'FD15', '康复训练指导', 2, 2, 2000, null, ['08', '22']],
  [FD_ITEM.medicine, 'FD16', '用药指导与代配药', 2, 4, 1000, null, ['04', '05', '22']],
];

interface SeedPackage {
  id: string;
  code: string;
  name: string;
  price: number;
  discount: number;
  groups: string[];
  intro: string;
  items: [string, number][];
}

export const PACKAGES: SeedPackage[] = [
  {
    id: FD_PACKAGE.basic,
    code: 'PK-BASIC',
    name: '基础签约服务包',
    price: 1200,
    discount: 100,
    groups: ['10'],
    intro: '一般人群的基础签约服务：健康档案、健康咨询、预约转诊',
    items: [
      [FD_ITEM.archive, 1],
      [FD_ITEM.consult, 2],
      [FD_ITEM.referral, 1],
    ],
  },
  {
    id: FD_PACKAGE.elderly,
    code: 'PK-ELDERLY',
    name: '老年人服务包',
    price: 12000,
    discount: 80,
    groups: ['03'],
    intro: '65岁及以上老年人：年度体检、中医药健康管理、上门巡诊、心电图',
    items: [
      [FD_ITEM.archive, 1],
      [FD_ITEM.consult, 4],
      [FD_ITEM.elderlyCheck, 1],
      [FD_ITEM.tcm, 1],
      [FD_ITEM.homeVisit, 2],
      [FD_ITEM.ecg, 1],
    ],
  },
  {
    id: FD_PACKAGE.chronic,
    code: 'PK-CHRONIC',
    name: '慢病管理服务包',
    price: 15000,
    discount: 80,
    groups: ['04', '05'],
    intro: '高血压、2型糖尿病患者：每季度随访、血糖监测、心电图、用药指导',
    items: [
      [FD_ITEM.htnVisit, 4],
      [FD_ITEM.dmVisit, 4],
      [FD_ITEM.glucose, 4],
      [FD_ITEM.ecg, 1],
      [FD_ITEM.medicine, 4],
    ],
  },
  {
    id: FD_PACKAGE.maternalChild,
    code: 'PK-MCH',
    name: '妇幼健康服务包',
    price: 8000,
    discount: 100,
    groups: ['01', '02'],
    intro: '孕产妇与0-6岁儿童：产前产后随访、儿童健康管理、中医药指导',
    items: [
      [FD_ITEM.maternalVisit, 5],
      [FD_ITEM.childVisit, 2],
      [FD_ITEM.tcm, 1],
      [FD_ITEM.consult, 4],
    ],
  },
];

/** Real price in fen: price × discount %, rounded to the fen. */

const QUESTIONS: [string, string, string | null][] = [
  [
    '血压药可以自己停吗？',
    '最近量血压都正常，降压药能不能先停一停？',
    '请不要自行停药，血压正常是服药控制的结果。下次随访时医生会根据血压情况调整用药。',
  ],
  ['孩子疫苗接种时间', '孩子满8个月了，下一次疫苗什么时候打？', null],
  ['体检需要空腹吗？', '老年人免费体检那天早上能吃饭吗？', '体检当天需空腹抽血，请携带身份证和既往病历，体检后可进食。'],
  ['血糖偏高怎么办', '早上空腹血糖7.8，需要去县医院吗？', null],
  ['上门服务预约', '老伴行动不便，能否预约医生上门测血压？', '可以，已为您登记上门巡诊，团队护士将在本周内电话联系您确定时间。'],
  ['签约费用报销', '签约服务包的费用医保能报销吗？', null],
];

export async function seedFamilyDoctorTeams(ctx: AppContext, at = Date.now()): Promise<void> {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  if (await db.selectFrom('fd_teams').select('id').limit(1).executeTakeFirst()) return;
  const day = 86_400_000;
  const teams = FD_TEAMS.map((t, i) => ({
    id: t.id,
    org_id: t.orgId,
    code: t.code,
    name: t.name,
    leader_id: USER[t.members[0]![0]],
    // A pending team is inserted as a draft and submitted through the engine below.
    status: t.status === 'pending' ? 'draft' : t.status,
    intro: t.intro,
    flow_instance_id: null,
    submitted_at: t.status === 'active' ? at - (90 - i) * day : null,
    audited_at: t.status === 'active' ? at - (89 - i) * day : null,
    audited_by: null,
    audit_comment: null,
    created_at: at - (90 - i) * day,
    created_by: USER[t.members[0]![0]],
    updated_at: null,
    updated_by: null,
  }));
  const members = FD_TEAMS.flatMap((t, ti) =>
    t.members.map(([account, role], i) => ({
      id: `4400000000000${String(ti + 1).padStart(3, '0')}${String(i + 1).padStart(2, '0')}`,
      team_id: t.id,
      user_id: USER[account],
      role,
      sort_code: i,
      created_at: at - 90 * day,
    })),
  );
  const items = ITEMS.map(([id, code, name, nature, times, price, formCode, groups], i) => ({
    id,
    code,
    parent_id: null,
    name,
    nature,
    times,
    price,
    form_code: formCode,
    groups: JSON.stringify(groups),
    intro: null,
    enabled: 1,
    sort_code: i,
    created_at: at - 120 * day,
    updated_at: null,
  }));
  const packages = PACKAGES.map((p, i) => ({
    id: p.id,
    org_id: null,
    code: p.code,
    name: p.name,
    price: p.price,
    discount: p.discount,
    real_price: fdRealPrice(p.price, p.discount),
    valid_from: Date.UTC(2024, 0, 1),
    valid_to: Date.UTC(2030, 11, 31, 23, 59, 59, 999),
    groups: JSON.stringify(p.groups),
    intro: p.intro,
    enabled: 1,
    sort_code: i,
    created_at: at - 120 * day,
    created_by: null,
    updated_at: null,
    updated_by: null,
  }));
  const packageItems = PACKAGES.flatMap((p) =>
    p.items.map(([itemId, times], i) => ({ package_id: p.id, item_id: itemId, times, sort_code: i })),
  );

  // Questions come from residents the teams' units manage (none in test apps without the population).
  const residents = await db
    .selectFrom('lc_health_resident')
    .select(['id', 'manageOrgId'])
    .where('archiveState', '=', 1)
    .orderBy('id')
    .limit(400)
    .execute()
    .catch(() => [] as { id: string; manageOrgId: string | null }[]);
  const questions: Record<string, unknown>[] = [];
  const active = FD_TEAMS.filter((t) => t.status === 'active');
  let q = 0;
  for (const t of active) {
    const mine = residents.filter((r) => String(r.manageOrgId ?? '').startsWith(t.orgId.slice(0, 16)));
    const pool = mine.length ? mine : residents;
    for (let k = 0; k < QUESTIONS.length && pool.length; k++) {
      const [title, content, answer] = QUESTIONS[k]!;
      const r = pool[(k * 7) % pool.length]!;
      q += 1;
      const askedAt = at - (30 - k * 4) * day - q * 3_600_000;
      questions.push({
        id: `45000000000000${String(q).padStart(4, '0')}`,
        resident_id: String(r.id),
        contract_id: null,
        team_id: t.id,
        title,
        content,
        asked_at: askedAt,
        answer,
        answered_by: answer ? USER[t.members[0]![0]] : null,
        answered_at: answer ? askedAt + day : null,
        status: answer ? 'answered' : 'open',
      });
    }
  }

  await ctx.db.transaction().execute(async (trx) => {
    const t = trx.withoutPlugins() as unknown as Kysely<any>;
    await insertBatches(t, 'fd_teams', teams);
    await insertBatches(t, 'fd_team_members', members);
    await insertBatches(t, 'fd_service_items', items);
    await insertBatches(t, 'fd_packages', packages);
    await insertBatches(t, 'fd_package_items', packageItems);
    if (questions.length) await insertBatches(t, 'fd_questions', questions);
  });

  // The audit flow, and the pending team submitted into it by its leader (the approvers see it in 待办).
  const flowId = await ensureTeamFlow(ctx);
  if (!flowId) return;
  for (const team of FD_TEAMS.filter((x) => x.status === 'pending')) {
    await startFlow(ctx, { flowId, recordId: team.id, title: `家庭医生团队审核：${team.name}` }, USER[team.members[0]![0]]);
  }
}
