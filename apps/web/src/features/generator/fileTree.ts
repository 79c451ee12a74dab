import type { GeneratedFile } from '@medalliance/contract';

/** A folder or file node of the preview's file tree (antd Tree data). */
export interface FileNode {
  key: string;
  title: string;
  isLeaf?: boolean;
  children?: FileNode[];
}

/**
 * The generated paths as a tree: folders first, then files, each by name;
 * a chain of single folders is shown as one node ("apps/server/src").
 */
export function fileTree(files: readonly Pick<GeneratedFile, 'path'>[]): FileNode[] {
  const root: FileNode = { key: '', title: '', children: [] };
  for (const { path } of files) {
    const parts = path.split('/');
    let node = root;
    parts.forEach((part, i) => {
      const key = parts.slice(0, i + 1).join('/');
      const leaf = i === parts.length - 1;
      let child = node.children!.find((c) => c.key === key);
      if (!child) {
        child = leaf ? { key, title: part, isLeaf: true } : { key, title: part, children: [] };
        node.children!.push(child);
      }
      node = child;
    });
  }
  const tidy = (n: FileNode): FileNode => {
    if (!n.children) return n;
    let cur = n;
    while (cur.children && cur.children.length === 1 && !cur.children[0]!.isLeaf) {
      const only = cur.children[0]!;
      cur = { ...only, title: `${cur.title}/${only.title}` };
    }
    const children = cur.children!.map(tidy).sort((a, b) => Number(!!a.isLeaf) - Number(!!b.isLeaf) || a.title.localeCompare(b.title));
    return { ...cur, children };
  };
  return (root.children ?? []).map(tidy).sort((a, b) => Number(!!a.isLeaf) - Number(!!b.isLeaf) || a.title.localeCompare(b.title));
}

/** Folder keys of the tree (to open them all). */
export function folderKeys(nodes: readonly FileNode[]): string[] {
  return nodes.flatMap((n) => (n.isLeaf ? [] : [n.key, ...folderKeys(n.children ?? [])]));
}

/** The zip's name, as the server names it: the module name (or the model's enCode). */
export const zipName = (name: string) => `${name.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60) || 'module'}.zip`;
