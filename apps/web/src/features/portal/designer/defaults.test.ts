import { describe, expect, it } from 'vitest';
import { EMPTY_PORTAL, portalDefinition } from '@medalliance/contract';
import { addWidget, firstProblem, freePlace, PALETTE } from './defaults.ts';

describe('portal designer defaults', () => {
  it('places new widgets side by side, then on the next free row', () => {
    let def = EMPTY_PORTAL;
    const ids: string[] = [];
    for (const type of ['figure', 'figure', 'figure', 'figure', 'figure'] as const) {
      const added = addWidget(def, type);
      def = added.def;
      ids.push(added.id);
    }
    expect(ids).toEqual(['figure1', 'figure2', 'figure3', 'figure4', 'figure5']);
    expect(def.layout.map((g) => [g.x, g.y])).toEqual([
      [0, 0],
      [3, 0],
      [6, 0],
      [9, 0],
      [0, 4],
    ]);
    expect(freePlace(def.layout, 12, 1)).toEqual({ x: 0, y: 8 });
  });

  it('starts every palette widget valid except for the source a data widget still needs', () => {
    for (const { type } of PALETTE) {
      const { def, id } = addWidget(EMPTY_PORTAL, type);
      const problem = firstProblem(def);
      if (['figure', 'chart', 'table'].includes(type)) {
        expect(problem?.widgetId).toBe(id);
        expect(problem?.message).toContain('widgets.0');
      } else {
        expect(problem, type).toBeNull();
        expect(portalDefinition.parse(def).widgets[0]!.type).toBe(type);
      }
    }
  });

  it('names the widget whose settings are wrong', () => {
    const { def } = addWidget(addWidget(EMPTY_PORTAL, 'clock').def, 'links');
    const bad = {
      ...def,
      widgets: def.widgets.map((w) => (w.type === 'links' ? { ...w, links: [{ title: 'x', url: 'javascript:alert(1)' }] } : w)),
    };
    expect(firstProblem(bad)).toMatchObject({ widgetId: 'links1' });
    expect(firstProblem(bad)!.message).toContain('url');
  });
});
