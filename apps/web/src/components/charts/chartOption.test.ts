import { describe, expect, it } from 'vitest';
import { buildChartOption } from './chartOption.ts';

const rows = [
  { org: 'A', visits: 3, referrals: '2' },
  { org: 'B', visits: 5, referrals: null },
];

describe('buildChartOption', () => {
  it('draws one bar series per value field over the category axis', () => {
    const o = buildChartOption({ kind: 'bar', category: 'org', series: [{ field: 'visits', name: 'Visits' }] }, rows) as any;
    expect(o.xAxis.data).toEqual(['A', 'B']);
    expect(o.series).toEqual([expect.objectContaining({ type: 'bar', name: 'Visits', data: [3, 5] })]);
  });

  it('stacks, mixes bars with lines and reads non-numbers as 0', () => {
    const series = [
      { field: 'visits', name: 'Visits' },
      { field: 'referrals', name: 'Referrals', asLine: true },
    ];
    const stacked = buildChartOption({ kind: 'stackedBar', category: 'org', series }, rows) as any;
    expect(stacked.series.map((s: any) => s.stack)).toEqual(['total', 'total']);
    const mixed = buildChartOption({ kind: 'barLine', category: 'org', series }, rows) as any;
    expect(mixed.series.map((s: any) => s.type)).toEqual(['bar', 'line']);
    expect(mixed.series[1].data).toEqual([2, 0]);
  });

  it('turns the first value field into pie slices named by the category', () => {
    const o = buildChartOption(
      { kind: 'pie', category: 'org', series: [{ field: 'visits', name: 'Visits' }], categoryLabel: (v) => `Org ${String(v)}` },
      rows,
    ) as any;
    expect(o.series[0].data).toEqual([
      { name: 'Org A', value: 3 },
      { name: 'Org B', value: 5 },
    ]);
  });
});
