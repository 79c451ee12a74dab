import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';

/**
 * Demo catalogue of the two centres (issue 20): body parts, examination
 * items, the organisation order, diagnosis template categories and
 * templates, and the fee schedule. Fictitious, fixed ids (other seeds and
 * tests reference them), insert-or-ignore so an administrator's edits stay.
 *
 * Fixed ids (import the constants rather than copying the strings):
 *   IMG_BODY_PARTS.ultrasound.{abdomen,urinary,thyroid,breast,heart,pelvis,obstetric}
 *   IMG_BODY_PARTS.imaging.{chest,head,lumbar,abdomen,knee}
 *   IMG_ITEMS.ultrasound.{abdomen,urinary,thyroid,breast,heart,pelvis,obstetric}  (modality 'US', body part of the same key)
 *   IMG_ITEMS.imaging.{chestDr,chestCt,headCt,lumbarDr,lumbarMr,abdomenCt,kneeDr}  (DR/CT/MR; body part in IMG_ITEM_BODY)
 *   IMG_TEMPLATES.<centre>.<itemKey>.{normal,abnormal}  (abnormal is positive = 1)
 *   Fees (fen): ultrasound default diag 3000 / apply 500, heart diag 6000; imaging default diag 4000 / apply 800,
 *   CT items diag 8000, MR diag 15000; a newer default (ultrasound diag 3500) in force from 2026-07-01 UTC.
 */

export type Centre = 'ultrasound' | 'imaging';
const id = (n: number) => `6200000000000${String(n).padStart(5, '0')}`;

export const IMG_BODY_PARTS = {
  ultrasound: {
    abdomen: id(101),
    urinary: id(102),
    thyroid: id(103),
    breast: id(104),
    heart: id(105),
    pelvis: id(106),
    obstetric: id(107),
  },
  imaging: {
    chest: id(201),
    head: id(202),
    lumbar: id(203),
    abdomen: id(204),
    knee: id(205),
  },
} as const;

export const IMG_ITEMS = {
  ultrasound: {
    abdomen: id(301),
    urinary: id(302),
    thyroid: id(303),
    breast: id(304),
    heart: id(305),
    pelvis: id(306),
    obstetric: id(307),
  },
  imaging: {
    chestDr: id(401),
    chestCt: id(402),
    headCt: id(403),
    lumbarDr: id(404),
    lumbarMr: id(405),
    abdomenCt: id(406),
    kneeDr: id(407),
  },
} as const;

type UsItem = keyof typeof IMG_ITEMS.ultrasound;
type ImItem = keyof typeof IMG_ITEMS.imaging;

const BODY_NAMES: {
  ultrasound: Record<keyof typeof IMG_BODY_PARTS.ultrasound, [string, string]>;
  imaging: Record<keyof typeof IMG_BODY_PARTS.imaging, [string, string]>;
} = {
  ultrasound: {
    abdomen: ['US.ABD', '腹部'],
    urinary: ['US.URO', '泌尿系'],
    thyroid: ['US.THY', '甲状腺'],
    breast: ['US.BRE', '乳腺'],
    heart: ['US.HRT', '心脏'],
    pelvis: ['US.GYN', '妇科（盆腔）'],
    obstetric: ['US.OBS', '产科'],
  },
  imaging: {
    chest: ['IM.CHE', '胸部'],
    head: ['IM.HEA', '头颅'],
    lumbar: ['IM.LUM', '腰椎'],
    abdomen: ['IM.ABD', '上腹部'],
    knee: ['IM.KNE', '膝关节'],
  },
};

/** Item key → [code, name, modality, body part key]. */
const US_ITEMS: Record<UsItem, [string, string, string, keyof typeof IMG_BODY_PARTS.ultrasound]> = {
  abdomen: ['US01', '肝胆胰脾彩超', 'US', 'abdomen'],
  urinary: ['US02', '泌尿系彩超', 'US', 'urinary'],
  thyroid: ['US03', '甲状腺彩超', 'US', 'thyroid'],
  breast: ['US04', '乳腺彩超', 'US', 'breast'],
  heart: ['US05', '心脏彩超', 'US', 'heart'],
  pelvis: ['US06', '妇科彩超', 'US', 'pelvis'],
  obstetric: ['US07', '产科彩超', 'US', 'obstetric'],
};
const IM_ITEMS: Record<ImItem, [string, string, string, keyof typeof IMG_BODY_PARTS.imaging]> = {
  chestDr: ['IM01', '胸部正位DR', 'DR', 'chest'],
  chestCt: ['IM02', '胸部CT平扫', 'CT', 'chest'],
  headCt: ['IM03', '头颅CT平扫', 'CT', 'head'],
  lumbarDr: ['IM04', '腰椎正侧位DR', 'DR', 'lumbar'],
  lumbarMr: ['IM05', '腰椎MRI平扫', 'MR', 'lumbar'],
  abdomenCt: ['IM06', '上腹部CT平扫', 'CT', 'abdomen'],
  kneeDr: ['IM07', '膝关节正侧位DR', 'DR', 'knee'],
};

/** The body part of every item, by item id. */
export const IMG_ITEM_BODY: Record<string, string> = Object.fromEntries([
  ...Object.entries(US_ITEMS).map(([k, v]) => [IMG_ITEMS.ultrasound[k as UsItem], IMG_BODY_PARTS.ultrasound[v[3]]]),
  ...Object.entries(IM_ITEMS).map(([k, v]) => [IMG_ITEMS.imaging[k as ImItem], IMG_BODY_PARTS.imaging[v[3]]]),
]);

/** Template ids: from the item id's last three digits n, 5000 + 2n (normal) and 5001 + 2n (abnormal). */
const tplIds = <K extends string>(items: Record<K, string>) =>
  Object.fromEntries(
    Object.entries(items).map(([k, itemId]) => {
      const n = Number(String(itemId).slice(-3));
      return [k, { normal: id(5000 + n * 2), abnormal: id(5001 + n * 2) }];
    }),
  ) as Record<K, { normal: string; abnormal: string }>;
export const IMG_TEMPLATES = {
  ultrasound: tplIds(IMG_ITEMS.ultrasound),
  imaging: tplIds(IMG_ITEMS.imaging),
};

export const IMG_TEMPLATE_CATEGORIES = {
  ultrasound: { root: id(601), abdomen: id(602), superficial: id(603), heart: id(604), obgyn: id(605) },
  imaging: { root: id(701), chest: id(702), neuro: id(703), bone: id(704), abdomen: id(705) },
} as const;

/** Fen. */
export const IMG_FEES = {
  ultrasound: { diag: 3000, apply: 500, heartDiag: 6000, diagFrom2026H2: 3500 },
  imaging: { diag: 4000, apply: 800, ctDiag: 8000, mrDiag: 15000 },
} as const;
export const IMG_FEE_FROM = Date.UTC(2025, 0, 1);
export const IMG_FEE_FROM_2026H2 = Date.UTC(2026, 6, 1);
export const IMG_PAYER_RULE = 'applicant_to_centre';

/** Template text per item key: [normal findings, normal impression, abnormal findings, abnormal impression, advice]. */
const TEXT: Record<UsItem | ImItem, [string, string, string, string, string]> = {
  abdomen: [
    '肝脏大小形态正常，包膜光滑，实质回声均匀；胆囊壁光滑，腔内未见异常回声；胰腺、脾脏大小形态正常。',
    '肝胆胰脾未见明显异常。',
    '肝脏大小正常，实质回声增强、细密，后方回声衰减；胆囊、胰腺、脾脏未见明显异常。',
    '脂肪肝（轻度）。',
    '低脂饮食，适量运动，半年后复查。',
  ],
  urinary: [
    '双肾大小形态正常，皮髓质分界清，集合系统未见分离；输尿管未见扩张；膀胱充盈良好，壁光滑。',
    '泌尿系未见明显异常。',
    '右肾集合系统内见一强回声，大小约 6×4 mm，后方伴声影；左肾及膀胱未见明显异常。',
    '右肾结石。',
    '多饮水，泌尿外科随诊。',
  ],
  thyroid: [
    '甲状腺大小形态正常，包膜完整，实质回声均匀，CDFI 未见异常血流信号。',
    '甲状腺未见明显异常。',
    '甲状腺右叶见一低回声结节，大小约 8×6 mm，边界清，形态规则，CDFI 周边可见少许血流。',
    '甲状腺右叶结节（TI-RADS 3 类）。',
    '建议 6–12 个月复查。',
  ],
  breast: [
    '双侧乳腺腺体层结构清晰，回声分布均匀，未见明确占位。',
    '双侧乳腺未见明显异常。',
    '左乳外上象限见一低回声区，大小约 10×7 mm，边界清，形态规则。',
    '左乳低回声结节（BI-RADS 3 类）。',
    '建议 6 个月复查或乳腺外科就诊。',
  ],
  heart: [
    '各房室大小正常，室壁厚度及运动正常，各瓣膜形态及启闭未见异常，EF 62%。',
    '心脏结构及功能未见明显异常。',
    '左室壁增厚（室间隔 13 mm），左室舒张功能减低，EF 58%。',
    '左室壁增厚，左室舒张功能减低。',
    '控制血压，心内科随诊。',
  ],
  pelvis: [
    '子宫大小形态正常，肌层回声均匀，内膜居中；双侧附件区未见明显异常回声。',
    '子宫及双附件未见明显异常。',
    '子宫前壁肌层内见一低回声结节，大小约 20×18 mm，边界清。',
    '子宫肌瘤。',
    '妇科随诊，定期复查。',
  ],
  obstetric: [
    '宫内见单活胎，胎心胎动可见，各项生物学测量值与孕周相符，羊水量正常，胎盘附着于子宫后壁。',
    '宫内单活胎，超声孕周与临床相符。',
    '宫内见单活胎，羊水最大深度 2.0 cm，羊水指数 6.0 cm。',
    '宫内单活胎，羊水偏少。',
    '产科门诊就诊，加强胎儿监护。',
  ],
  chestDr: [
    '双肺纹理清晰，未见明确实变影；心影大小形态正常；双侧膈面光整，肋膈角锐利。',
    '心肺膈未见明显异常。',
    '右下肺野见斑片状模糊影，边界欠清；心影不大；右侧肋膈角变钝。',
    '右下肺炎症，建议治疗后复查。',
    '抗感染治疗后 2 周复查胸片。',
  ],
  chestCt: [
    '双肺纹理清晰，肺实质内未见明确结节及实变影；纵隔内未见肿大淋巴结；双侧胸腔未见积液。',
    '胸部 CT 平扫未见明显异常。',
    '右肺上叶见一实性结节，直径约 7 mm，边缘光整；余肺未见异常。',
    '右肺上叶实性小结节。',
    '建议 6–12 个月复查胸部 CT。',
  ],
  headCt: [
    '脑实质密度均匀，灰白质分界清，脑室系统大小形态正常，中线结构居中。',
    '头颅 CT 平扫未见明显异常。',
    '左侧基底节区见小片状低密度影，边界清；脑室系统未见扩大，中线结构居中。',
    '左侧基底节区腔隙性脑梗死。',
    '神经内科随诊，控制危险因素。',
  ],
  lumbarDr: [
    '腰椎生理曲度存在，各椎体形态及骨质未见异常，椎间隙未见狭窄。',
    '腰椎未见明显异常。',
    '腰椎生理曲度变直，L4-5 椎间隙变窄，多个椎体边缘骨质增生。',
    '腰椎退行性变。',
    '避免久坐负重，骨科随诊。',
  ],
  lumbarMr: [
    '腰椎序列正常，各椎间盘信号及形态未见异常，椎管未见狭窄。',
    '腰椎 MRI 平扫未见明显异常。',
    'L4-5 椎间盘 T2WI 信号减低，向后突出，硬膜囊受压。',
    'L4-5 椎间盘突出。',
    '骨科或康复科就诊。',
  ],
  abdomenCt: [
    '肝脏大小形态正常，密度均匀；胆囊不大；胰腺、脾脏、双肾未见异常密度影。',
    '上腹部 CT 平扫未见明显异常。',
    '肝右叶见一类圆形低密度影，直径约 12 mm，边界清，CT 值约 8 HU。',
    '肝右叶囊肿。',
    '定期复查。',
  ],
  kneeDr: [
    '膝关节诸骨骨质未见异常，关节间隙正常，周围软组织未见肿胀。',
    '膝关节未见明显异常。',
    '膝关节间隙内侧变窄，髁间隆起变尖，关节边缘骨质增生。',
    '膝关节退行性骨关节病。',
    '减少负重，骨科随诊。',
  ],
};

/** Item key → template category key. */
const US_CAT: Record<UsItem, keyof typeof IMG_TEMPLATE_CATEGORIES.ultrasound> = {
  abdomen: 'abdomen',
  urinary: 'abdomen',
  thyroid: 'superficial',
  breast: 'superficial',
  heart: 'heart',
  pelvis: 'obgyn',
  obstetric: 'obgyn',
};
const IM_CAT: Record<ImItem, keyof typeof IMG_TEMPLATE_CATEGORIES.imaging> = {
  chestDr: 'chest',
  chestCt: 'chest',
  headCt: 'neuro',
  lumbarDr: 'bone',
  lumbarMr: 'bone',
  abdomenCt: 'abdomen',
  kneeDr: 'bone',
};
const CAT_NAMES = {
  ultrasound: { root: '超声诊断模板', abdomen: '腹部及泌尿', superficial: '浅表器官', heart: '心血管', obgyn: '妇产科' },
  imaging: { root: '影像诊断模板', chest: '胸部', neuro: '神经系统', bone: '骨关节', abdomen: '腹部' },
} as const;

/** The organisation order of the pickers and statistics: township centres first, then their village clinics. */
const ORG_ORDER = [
  '100000000000000030',
  '100000000000000040',
  '100000000000000050',
  '100000000000000033',
  '100000000000000034',
  '100000000000000043',
  '100000000000000052',
  '100000000000000053',
  '100000000000000010',
  '100000000000000020',
];

/** Pure: every catalogue row of the demo, per table. */
export function demoImagingCatalog(at: number): Record<string, Record<string, unknown>[]> {
  const bodyParts: Record<string, unknown>[] = [];
  const items: Record<string, unknown>[] = [];
  const categories: Record<string, unknown>[] = [];
  const templates: Record<string, unknown>[] = [];
  const orgSort: Record<string, unknown>[] = [];
  const fees: Record<string, unknown>[] = [];
  for (const centre of ['ultrasound', 'imaging'] as const) {
    const parts = IMG_BODY_PARTS[centre] as Record<string, string>;
    Object.entries(parts).forEach(([k, pid], i) => {
      const [code, name] = (BODY_NAMES[centre] as Record<string, [string, string]>)[k]!;
      bodyParts.push({ id: pid, centre, code, name, sort_code: i + 1, enabled: 1, created_at: at });
    });
    const cats = IMG_TEMPLATE_CATEGORIES[centre] as Record<string, string>;
    Object.entries(cats).forEach(([k, cid], i) =>
      categories.push({
        id: cid,
        centre,
        parent_id: k === 'root' ? null : cats.root,
        name: (CAT_NAMES[centre] as Record<string, string>)[k],
        sort_code: i,
        created_at: at,
      }),
    );
    const defs = (centre === 'ultrasound' ? US_ITEMS : IM_ITEMS) as Record<string, [string, string, string, string]>;
    const catOf = (centre === 'ultrasound' ? US_CAT : IM_CAT) as Record<string, string>;
    Object.entries(defs).forEach(([k, [code, name, modality, part]], i) => {
      const itemId = (IMG_ITEMS[centre] as Record<string, string>)[k]!;
      const bodyPartId = parts[part]!;
      items.push({ id: itemId, centre, code, name, body_part_id: bodyPartId, modality, sort_code: i + 1, enabled: 1, created_at: at });
      const [nf, ni, af, ai, advice] = TEXT[k as UsItem | ImItem];
      const t = (IMG_TEMPLATES[centre] as Record<string, { normal: string; abnormal: string }>)[k]!;
      const base = { centre, category_id: cats[catOf[k]!], body_part_id: bodyPartId, item_id: itemId, enabled: 1, created_at: at };
      templates.push({
        ...base,
        id: t.normal,
        name: `${name}（正常）`,
        findings: nf,
        impression: ni,
        advice: '',
        positive: 0,
        sort_code: i * 2 + 1,
      });
      templates.push({
        ...base,
        id: t.abnormal,
        name: `${name}（${ai.replace(/[。（].*$/, '')}）`,
        findings: af,
        impression: ai,
        advice,
        positive: 1,
        sort_code: i * 2 + 2,
      });
    });
    ORG_ORDER.forEach((org, i) => orgSort.push({ centre, org_id: org, sort_code: i + 1 }));
  }
  const fee = (n: number, centre: Centre, itemId: string | null, kind: 'diag' | 'apply', amount: number, from = IMG_FEE_FROM) =>
    fees.push({ id: id(800 + n), centre, item_id: itemId, kind, amount, payer_rule: IMG_PAYER_RULE, effective_from: from, created_at: at });
  const u = IMG_FEES.ultrasound;
  const m = IMG_FEES.imaging;
  fee(1, 'ultrasound', null, 'diag', u.diag);
  fee(2, 'ultrasound', null, 'apply', u.apply);
  fee(3, 'ultrasound', IMG_ITEMS.ultrasound.heart, 'diag', u.heartDiag);
  fee(4, 'ultrasound', null, 'diag', u.diagFrom2026H2, IMG_FEE_FROM_2026H2);
  fee(11, 'imaging', null, 'diag', m.diag);
  fee(12, 'imaging', null, 'apply', m.apply);
  fee(13, 'imaging', IMG_ITEMS.imaging.chestCt, 'diag', m.ctDiag);
  fee(14, 'imaging', IMG_ITEMS.imaging.headCt, 'diag', m.ctDiag);
  fee(15, 'imaging', IMG_ITEMS.imaging.abdomenCt, 'diag', m.ctDiag);
  fee(16, 'imaging', IMG_ITEMS.imaging.lumbarMr, 'diag', m.mrDiag);
  return {
    img_body_parts: bodyParts,
    img_items: items,
    img_template_categories: categories,
    img_templates: templates,
    img_org_sort: orgSort,
    img_fee_schedule: fees,
  };
}

/** Seeds the demo catalogue; rows already there (by key) stay as edited. */
export async function seedImagingCatalog(ctx: AppContext, at = Date.now()): Promise<void> {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const tables = demoImagingCatalog(at);
  for (const [table, rows] of Object.entries(tables)) {
    for (let i = 0; i < rows.length; i += 50) {
      const conflict = table === 'img_org_sort' ? ['centre', 'org_id'] : ['id'];
      await db
        .insertInto(table)
        .values(rows.slice(i, i + 50))
        .onConflict((oc) => oc.columns(conflict as never).doNothing())
        .execute();
    }
  }
}
