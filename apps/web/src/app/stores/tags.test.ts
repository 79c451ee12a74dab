import { describe, expect, it } from 'vitest';
import {
  addView,
  delAll,
  delCached,
  delOthers,
  delView,
  dropPageCache,
  emptyTags,
  nextAfterClose,
  touchCache,
  updateView,
  type TagView,
} from './tags.ts';

const view = (path: string, over: Partial<TagView> = {}): TagView => ({ path, fullPath: path, title: { key: path }, ...over });
const open = (...views: TagView[]) => views.reduce((s, v) => addView(s, v, true), emptyTags);

describe('tags', () => {
  it('adds each path once and refreshes the existing entry', () => {
    let s = open(view('/home', { affix: true }), view('/a'));
    s = addView(s, view('/a', { fullPath: '/a?x=1' }), true);
    expect(s.visited.map((v) => v.fullPath)).toEqual(['/home', '/a?x=1']);
    expect(s.cached).toEqual(['/home', '/a']);
  });

  it('does not cache when asked not to, or for noCache views', () => {
    let s = addView(emptyTags, view('/a'), false);
    s = addView(s, view('/b', { noCache: true }), true);
    expect(s.visited).toHaveLength(2);
    expect(s.cached).toEqual([]);
  });

  it('never closes affix tags', () => {
    const s = open(view('/home', { affix: true }), view('/a'));
    expect(delView(s, '/home')).toBe(s);
    expect(delView(s, '/a').visited.map((v) => v.path)).toEqual(['/home']);
    expect(delView(s, '/a').cached).toEqual(['/home']);
  });

  it('close others keeps affix and the chosen tag; close all keeps affix only', () => {
    const s = open(view('/home', { affix: true }), view('/a'), view('/b'), view('/c'));
    expect(delOthers(s, '/b').visited.map((v) => v.path)).toEqual(['/home', '/b']);
    expect(delOthers(s, '/b').cached).toEqual(['/home', '/b']);
    expect(delAll(s).visited.map((v) => v.path)).toEqual(['/home']);
    expect(delAll(s).cached).toEqual(['/home']);
  });

  it('updates a tag in place', () => {
    const s = updateView(open(view('/a')), { path: '/a', title: { key: 'renamed' } });
    expect(s.visited[0]?.title).toEqual({ key: 'renamed' });
  });

  it('evicts the least recently used view beyond the cap', () => {
    let s = emptyTags;
    for (const p of ['/1', '/2', '/3']) s = addView(s, view(p), true, 2);
    expect(s.cached).toEqual(['/2', '/3']);
    s = touchCache(s, '/2', 2);
    s = addView(s, view('/4'), true, 2);
    expect(s.cached).toEqual(['/2', '/4']);
    // Eviction forgets the state, not the tab.
    expect(s.visited.map((v) => v.path)).toEqual(['/1', '/2', '/3', '/4']);
  });

  it('keeps frames out of eviction and out of the page-cache switch', () => {
    let s = addView(emptyTags, view('/frame', { frame: true }), true, 1);
    s = addView(s, view('/a'), true, 1);
    s = addView(s, view('/b'), true, 1);
    expect(s.cached).toEqual(['/frame', '/b']);
    expect(dropPageCache(s).cached).toEqual(['/frame']);
  });

  it('refresh drops only the cache entry', () => {
    const s = delCached(open(view('/a')), '/a');
    expect(s.cached).toEqual([]);
    expect(s.visited).toHaveLength(1);
  });

  it('moves to the left neighbour after closing the active tag', () => {
    const s = open(view('/home', { affix: true }), view('/a'), view('/b'));
    expect(nextAfterClose(s, '/b', '/home')).toBe('/a');
    expect(nextAfterClose(s, '/a', '/home')).toBe('/home');
    expect(nextAfterClose(open(view('/x')), '/x', '/home')).toBe('/home');
  });
});
