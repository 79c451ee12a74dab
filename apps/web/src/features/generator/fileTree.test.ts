import { describe, expect, it } from 'vitest';
import { fileTree, folderKeys, zipName } from './fileTree.ts';

describe('fileTree', () => {
  it('groups paths into folders, folders first, and joins single-folder chains', () => {
    const tree = fileTree([
      { path: 'apps/server/src/modules/system/a.routes.ts' },
      { path: 'apps/server/src/modules/system/a.service.ts' },
      { path: 'apps/server/src/db/tables/a.ts' },
      { path: 'README.md' },
    ]);
    expect(tree.map((n) => n.title)).toEqual(['apps/server/src', 'README.md']);
    const src = tree[0]!;
    expect(src.children!.map((n) => n.title)).toEqual(['db/tables', 'modules/system']);
    expect(src.children![1]!.children!.map((n) => [n.title, n.key, n.isLeaf])).toEqual([
      ['a.routes.ts', 'apps/server/src/modules/system/a.routes.ts', true],
      ['a.service.ts', 'apps/server/src/modules/system/a.service.ts', true],
    ]);
    expect(folderKeys(tree)).toEqual(['apps/server/src', 'apps/server/src/db/tables', 'apps/server/src/modules/system']);
  });

  it('names the zip safely', () => {
    expect(zipName('outpatientLog')).toBe('outpatientLog.zip');
    expect(zipName('a/../"b')).toBe('a_b.zip');
    expect(zipName('')).toBe('module.zip');
  });
});
