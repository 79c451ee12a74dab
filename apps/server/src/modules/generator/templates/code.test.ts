import { describe, expect, it } from 'vitest';
import { commentText, englishLabel, pruneImports, str } from './code.ts';

describe('template helpers', () => {
  it('drops unused imports, keeps spread, aliased, type and side-effect ones', () => {
    const src = [
      `import { a, b, type C, d as e } from './x.ts';`,
      `import dayjs, { type Dayjs } from 'dayjs';`,
      `import { query } from './q.ts';`,
      `import { unused } from './u.ts';`,
      `import './side.ts';`,
      `const v: C = { ...query(1), k: a, z: obj.b, w: e };`,
    ].join('\n');
    expect(pruneImports(src).split('\n')).toEqual([
      `import { a, type C, d as e } from './x.ts';`,
      `import { query } from './q.ts';`,
      `import './side.ts';`,
      `const v: C = { ...query(1), k: a, z: obj.b, w: e };`,
    ]);
  });

  it('keeps user text inside literals and comments harmless', () => {
    expect(str('a"b`${c}*/')).toBe('"a\\"b`${c}*/"');
    expect(commentText('x */ y\nz')).toBe('x * / y z');
    expect(englishLabel('patientName')).toBe('Patient name');
    expect(englishLabel('HIVTest_result')).toBe('Hiv test result');
  });
});
