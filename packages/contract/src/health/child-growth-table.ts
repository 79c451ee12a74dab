/**
 * Reference values of weight-for-age and length/height-for-age for children
 * under 7, at the ages of the child check-ups (months), as data.
 *
 * Source: 《中国7岁以下儿童生长发育参照标准》, 卫生部妇幼保健与社区卫生司,
 * 2009-09 (卫妇社儿卫便函〔2009〕116号), 表1 男童身高(长), 表2 女童身高(长),
 * 表3 男童体重, 表4 女童体重: the columns −2SD, 中位数 (median) and +2SD. The
 * same survey underlies WS/T 423-2022 《7岁以下儿童生长标准》, which replaced it in 2023.
 * Copies of the 2009 tables consulted: m.bdocx.com/doc/1941744.html,
 * 360docs.net/doc/5f953795.html, m.jinchutou.com (表2), m.pcbaby.com.cn/110/1109502_1.html
 * (weight ranges 12–45 months, which match the ±3SD ends of 表3/表4).
 * Every value below (2026-11) was checked against two copies that agree: the scanned
 * 表1–表4 in github.com/Jogiter/gold-eater (public/{boy,girl}/{weight,height}.png,
 * −3SD…+3SD, 0–81 months) and a separate transcription of the −2SD/median/+2SD
 * columns, 0–81 months, in a public ECharts growth-chart page; none differed.
 * Below 3 years the length is recumbent (身长), from 3 years standing height (身高).
 *
 * Each row: [age in months, −2SD, median, +2SD]. Weight in kg, length in cm.
 */
export type GrowthRow = readonly [months: number, minus2sd: number, median: number, plus2sd: number];

export const GROWTH_SOURCE = '中国7岁以下儿童生长发育参照标准（卫生部妇幼保健与社区卫生司，2009）';

export const WEIGHT_FOR_AGE: Record<'1' | '2', readonly GrowthRow[]> = {
  // 男童 (sex '1')
  '1': [
    [0, 2.58, 3.32, 4.18],
    [1, 3.52, 4.51, 5.67],
    [3, 5.29, 6.7, 8.4],
    [6, 6.7, 8.41, 10.5],
    [8, 7.23, 9.05, 11.29],
    [12, 8.06, 10.05, 12.54],
    [18, 9.07, 11.29, 14.09],
    [24, 10.09, 12.54, 15.67],
    [30, 10.97, 13.64, 17.06],
    [36, 11.79, 14.65, 18.37],
    [48, 13.35, 16.64, 21.01],
    [60, 15.06, 18.98, 24.38],
    [72, 16.56, 21.26, 28.03],
  ],
  // 女童 (sex '2')
  '2': [
    [0, 2.54, 3.21, 4.1],
    [1, 3.33, 4.2, 5.35],
    [3, 4.9, 6.13, 7.73],
    [6, 6.26, 7.77, 9.73],
    [8, 6.79, 8.41, 10.51],
    [12, 7.61, 9.4, 11.73],
    [18, 8.63, 10.65, 13.29],
    [24, 9.64, 11.92, 14.92],
    [30, 10.52, 13.05, 16.39],
    [36, 11.36, 14.13, 17.81],
    [48, 12.93, 16.17, 20.54],
    [60, 14.44, 18.26, 23.5],
    [72, 15.87, 20.37, 26.74],
  ],
};

export const LENGTH_FOR_AGE: Record<'1' | '2', readonly GrowthRow[]> = {
  '1': [
    [0, 46.9, 50.4, 54.0],
    [1, 50.7, 54.8, 59.0],
    [3, 57.5, 62.0, 66.6],
    [6, 63.7, 68.4, 73.3],
    [8, 66.3, 71.2, 76.3],
    [12, 71.2, 76.5, 82.1],
    [18, 76.6, 82.7, 89.1],
    [24, 81.6, 88.5, 95.8],
    [30, 85.9, 93.3, 101.0],
    [36, 90.0, 97.5, 105.3],
    [48, 96.3, 104.1, 112.3],
    [60, 102.8, 111.3, 120.1],
    [72, 108.6, 117.7, 127.2],
  ],
  '2': [
    [0, 46.4, 49.7, 53.2],
    [1, 49.8, 53.7, 57.8],
    [3, 56.3, 60.6, 65.1],
    [6, 62.3, 66.8, 71.5],
    [8, 64.8, 69.6, 74.7],
    [12, 69.7, 75.0, 80.5],
    [18, 75.6, 81.5, 87.7],
    [24, 80.5, 87.2, 94.3],
    [30, 84.8, 92.1, 99.8],
    [36, 88.9, 96.3, 104.1],
    [48, 95.4, 103.1, 111.1],
    [60, 101.8, 110.2, 118.9],
    [72, 107.6, 116.6, 126.0],
  ],
};
