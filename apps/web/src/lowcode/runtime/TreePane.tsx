import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ListDefinition } from '@medalliance/contract';
import { organizeApi } from '../../api/permission.ts';
import { dataInterfaceApi } from '../../api/system.ts';
import { listBody } from '../../components/pickers/data/interfaceCall.ts';
import { SideTree, type SideNode } from '../../features/system/common/SideTree.tsx';
import { useDictionary } from '../../lookups/dictionaries.ts';
import { NS } from '../messages.ts';

type Tree = NonNullable<ListDefinition['tree']>;

/** The nodes of a left tree, by its source: a dictionary (its values: ids), the organisation tree, or a data interface. */
function useTreeNodes(tree: Tree): { nodes: SideNode[] | undefined; loading: boolean } {
  const dictionary = useDictionary(tree.source === 'dictionary' ? tree.dictionaryType : undefined);
  const orgs = useQuery({
    queryKey: ['lowcode', 'tree', 'organize'],
    queryFn: async () => (await organizeApi.tree()).data.list as SideNode[],
    enabled: tree.source === 'organize' || tree.source === 'department',
    staleTime: 5 * 60_000,
  });
  const rows = useQuery({
    queryKey: ['lowcode', 'tree', 'interface', tree.interfaceId],
    queryFn: async () =>
      (
        await dataInterfaceApi.call(
          tree.interfaceId!,
          listBody({ interfaceId: tree.interfaceId!, propsValue: 'id', relationField: 'fullName' }),
        )
      ).data.list.map((r) => ({ id: String(r.id ?? ''), fullName: String(r.fullName ?? r.id ?? '') })),
    enabled: tree.source === 'interface' && !!tree.interfaceId,
  });
  if (tree.source === 'dictionary') return { nodes: dictionary.items as SideNode[], loading: dictionary.isLoading };
  if (tree.source === 'interface') return { nodes: rows.data, loading: rows.isLoading };
  return { nodes: orgs.data, loading: orgs.isLoading };
}

/** The left tree of a 'tree + table' list: choosing a node filters the list by the tree's relation field. */
export function TreePane({
  tree,
  selected,
  onSelect,
}: {
  tree: Tree;
  selected: string | undefined;
  onSelect: (id: string | undefined) => void;
}) {
  const { t } = useTranslation(NS);
  const { nodes, loading } = useTreeNodes(tree);
  return (
    <SideTree
      title={tree.title || t('treeAll')}
      nodes={nodes}
      loading={loading}
      selectedId={selected}
      onSelect={(id) => onSelect(id)}
      allLabel={t('treeAll')}
      testId="lc-tree"
    />
  );
}
