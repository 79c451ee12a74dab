import { ListSearchBar, type ListSearchProps } from '../../../components/listPage/ListSearchBar.tsx';
import { permissionLook } from '../../../components/listPage/look.ts';

/** Keyword box with search and reset (Enter searches), as the permission screens show it. */
export function SearchBar(props: ListSearchProps) {
  return <ListSearchBar look={permissionLook} {...props} />;
}
