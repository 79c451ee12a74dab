import { TreeSelect } from 'antd';
import type { KpiOrgNode } from '@medalliance/contract';

type TreeNode = { value: string; title: string; children?: TreeNode[] };
const toTree = (nodes: KpiOrgNode[]): TreeNode[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, ...(n.children?.length ? { children: toTree(n.children) } : {}) }));

/** The units of the caller's scope as a tree (the by-unit screens' organisation filter). */
export function OrgPicker({
  orgs,
  value,
  onChange,
  testId,
}: {
  orgs: KpiOrgNode[];
  value?: string;
  onChange: (id?: string) => void;
  testId: string;
}) {
  return (
    <TreeSelect
      value={value}
      style={{ width: 240 }}
      treeDefaultExpandAll
      treeData={toTree(orgs)}
      onChange={(v: string | null) => onChange(v ?? undefined)}
      data-testid={testId}
    />
  );
}
