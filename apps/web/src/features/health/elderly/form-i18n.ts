import type { FormDefinition } from '@medalliance/contract';
import { defineMessages } from '../../../i18n/index.ts';

/**
 * The seeded check form's labels and options in zh-TW and English. A
 * low-code model holds one label per field (the administrator's, in Chinese);
 * this dialog shows the programme's own fields in the user's language and
 * leaves fields an administrator added as they were written.
 */
export const FORM_NS = 'healthElderlyForm';

const LEVELS_EN = (a: string, b: string, c: string, d: string, s: number[]) => ({
  1: `${a} (${s[0]})`,
  2: `${b} (${s[1]})`,
  3: `${c} (${s[2]})`,
  4: `${d} (${s[3]})`,
});
const LEVELS_TW = (a: string, b: string, c: string, d: string, s: number[]) => ({
  1: `${a}（${s[0]}分）`,
  2: `${b}（${s[1]}分）`,
  3: `${c}（${s[2]}分）`,
  4: `${d}（${s[3]}分）`,
});

type Dict = { labels: Record<string, string>; options: Record<string, Record<string, string>> };

const en: Dict = {
  labels: {
    residentId: 'Resident',
    checkDate: 'Check date',
    checkYear: 'Year',
    symptoms: 'Symptoms',
    titleGeneral: 'General condition',
    temperature: 'Temperature (℃)',
    pulse: 'Pulse (/min)',
    respiration: 'Respiration (/min)',
    leftSystolic: 'Left systolic (mmHg)',
    leftDiastolic: 'Left diastolic (mmHg)',
    rightSystolic: 'Right systolic (mmHg)',
    rightDiastolic: 'Right diastolic (mmHg)',
    heightCm: 'Height (cm)',
    weightKg: 'Weight (kg)',
    waistCm: 'Waist (cm)',
    bmi: 'BMI',
    selfRating: 'Self-rated health',
    titleSelfCare: 'Self-care assessment',
    scMeal: 'Eating',
    scGrooming: 'Grooming',
    scDressing: 'Dressing',
    scToilet: 'Toileting',
    scActivity: 'Mobility',
    selfCareScore: 'Self-care score',
    selfCareBand: 'Self-care',
    titleScreens: 'Cognition and emotion',
    cognition: 'Cognition',
    mmseScore: 'MMSE score',
    emotion: 'Emotion',
    depressionScore: 'Depression score',
    titleHistory: 'Current health problems and treatment',
    diseases: 'Current health problems',
    hospitalHistory: 'Hospital stays',
    homeBedHistory: 'Home sickbed',
    medication: 'Main medication',
    vaccination: 'Non-programme vaccination',
    guidance: 'Health guidance',
    doctorId: 'Examined by',
    manageOrgId: 'Unit',
  },
  options: {
    symptoms: {
      1: 'None',
      2: 'Headache',
      3: 'Dizziness',
      4: 'Palpitations',
      5: 'Chest tightness',
      6: 'Chest pain',
      7: 'Chronic cough',
      8: 'Sputum',
      9: 'Dyspnoea',
      10: 'Polydipsia',
      11: 'Polyuria',
      12: 'Weight loss',
      13: 'Fatigue',
      14: 'Joint pain',
      15: 'Blurred vision',
      16: 'Numb hands or feet',
      17: 'Other',
    },
    selfRating: { 1: 'Satisfied', 2: 'Mostly satisfied', 3: 'Unsure', 4: 'Not quite satisfied', 5: 'Dissatisfied' },
    scMeal: LEVELS_EN('Independent', 'Independent', 'Needs help', 'Fully dependent', [0, 0, 3, 5]),
    scGrooming: LEVELS_EN('Independent', 'Washes and combs, needs some help', 'Partly with help', 'Fully dependent', [0, 1, 3, 7]),
    scDressing: LEVELS_EN('Independent', 'Independent', 'Needs help', 'Fully dependent', [0, 0, 3, 5]),
    scToilet: LEVELS_EN(
      'Continent, no help',
      'Occasional incontinence, copes',
      'Frequent incontinence, much help',
      'Incontinent, fully dependent',
      [0, 1, 5, 10],
    ),
    scActivity: LEVELS_EN('Fully independent', 'With a small aid', 'With much help', 'Bedridden, fully dependent', [0, 1, 5, 10]),
    selfCareBand: { 1: 'Independent', 2: 'Mildly dependent', 3: 'Moderately dependent', 4: 'Fully dependent' },
    cognition: { 1: 'Screen negative', 2: 'Screen positive' },
    emotion: { 1: 'Screen negative', 2: 'Screen positive' },
    diseases: { 1: 'Cerebrovascular', 2: 'Cardiac', 3: 'Renal', 4: 'Vascular', 5: 'Ocular', 6: 'Neurological', 7: 'Other' },
  },
};

const zhtw: Dict = {
  labels: {
    residentId: '居民',
    checkDate: '體檢日期',
    checkYear: '體檢年度',
    symptoms: '症狀',
    titleGeneral: '一般狀況',
    temperature: '體溫(℃)',
    pulse: '脈率(次/分)',
    respiration: '呼吸頻率(次/分)',
    leftSystolic: '左側收縮壓(mmHg)',
    leftDiastolic: '左側舒張壓(mmHg)',
    rightSystolic: '右側收縮壓(mmHg)',
    rightDiastolic: '右側舒張壓(mmHg)',
    heightCm: '身高(cm)',
    weightKg: '體重(kg)',
    waistCm: '腰圍(cm)',
    bmi: '體質指數(BMI)',
    selfRating: '老年人健康狀態自我評估',
    titleSelfCare: '老年人生活自理能力評估',
    scMeal: '進餐',
    scGrooming: '梳洗',
    scDressing: '穿衣',
    scToilet: '如廁',
    scActivity: '活動',
    selfCareScore: '自理能力總分',
    selfCareBand: '自理能力評估',
    titleScreens: '認知功能與情感狀態',
    cognition: '認知功能',
    mmseScore: '簡易智力狀態檢查總分',
    emotion: '情感狀態',
    depressionScore: '老年人憂鬱評分',
    titleHistory: '現存主要健康問題與治療',
    diseases: '現存主要健康問題',
    hospitalHistory: '住院史',
    homeBedHistory: '家庭病床史',
    medication: '主要用藥',
    vaccination: '非免疫規劃預防接種',
    guidance: '健康指導',
    doctorId: '體檢醫生',
    manageOrgId: '體檢機構',
  },
  options: {
    symptoms: {
      1: '無症狀',
      2: '頭痛',
      3: '頭暈',
      4: '心悸',
      5: '胸悶',
      6: '胸痛',
      7: '慢性咳嗽',
      8: '咳痰',
      9: '呼吸困難',
      10: '多飲',
      11: '多尿',
      12: '體重下降',
      13: '乏力',
      14: '關節腫痛',
      15: '視力模糊',
      16: '手腳麻木',
      17: '其他',
    },
    selfRating: { 1: '滿意', 2: '基本滿意', 3: '說不清楚', 4: '不太滿意', 5: '不滿意' },
    scMeal: LEVELS_TW('獨立完成', '獨立完成', '需要協助', '完全需要幫助', [0, 0, 3, 5]),
    scGrooming: LEVELS_TW('獨立完成', '能獨立洗頭梳頭等，需協助', '在協助下能完成部分', '完全需要幫助', [0, 1, 3, 7]),
    scDressing: LEVELS_TW('獨立完成', '獨立完成', '需要協助', '完全需要幫助', [0, 0, 3, 5]),
    scToilet: LEVELS_TW('不需協助，可自控', '偶爾失禁，能自理', '經常失禁，需很多協助', '完全失禁，完全需要幫助', [0, 1, 5, 10]),
    scActivity: LEVELS_TW('獨立完成所有活動', '借助較小外力或輔助裝置', '借助較大外力才能完成', '臥床不起，完全需要幫助', [0, 1, 5, 10]),
    selfCareBand: { 1: '可自理', 2: '輕度依賴', 3: '中度依賴', 4: '不能自理' },
    cognition: { 1: '粗篩陰性', 2: '粗篩陽性' },
    emotion: { 1: '粗篩陰性', 2: '粗篩陽性' },
    diseases: { 1: '腦血管疾病', 2: '心臟疾病', 3: '腎臟疾病', 4: '血管疾病', 5: '眼部疾病', 6: '神經系統疾病', 7: '其他系統疾病' },
  },
};

const flat = (d: Dict) => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(d.labels)) out[`f.${k}`] = v;
  for (const [field, items] of Object.entries(d.options)) for (const [id, v] of Object.entries(items)) out[`o.${field}.${id}`] = v;
  return out;
};
// zh: the model's own labels (an administrator's renames stay); no keys, so every lookup falls back to them.
defineMessages(FORM_NS, { zh: {} as Record<string, string>, zhtw: flat(zhtw), en: flat(en) });

type T = (key: string, opts: { defaultValue: string }) => string;
type Node = Record<string, unknown> & { children?: Node[] };

/** The form with the programme's own field labels, group titles and options translated (others untouched). */
export function localizeForm(form: FormDefinition, t: T): FormDefinition {
  const walk = (n: Node): Node => {
    const key = (n.field as string | undefined) ?? (n.id as string | undefined) ?? '';
    const label = typeof n.label === 'string' && n.label ? t(`f.${key}`, { defaultValue: n.label }) : n.label;
    const next: Node = { ...n, label };
    if (n.type === 'groupTitle' && typeof n.content === 'string') next.content = t(`f.${key}`, { defaultValue: n.content });
    const options = n.options as { source?: string; items?: { id: string; fullName: string }[] } | undefined;
    if (options?.source === 'static' && options.items)
      next.options = {
        ...options,
        items: options.items.map((i) => ({ ...i, fullName: t(`o.${key}.${i.id}`, { defaultValue: i.fullName }) })),
      };
    if (n.children) next.children = n.children.map(walk);
    return next;
  };
  return { ...form, fields: (form.fields as unknown as Node[]).map(walk) } as unknown as FormDefinition;
}
