import type { TablePaginationConfig } from 'antd';
import { permissionLook } from '../../../components/listPage/look.ts';
import { listPagination as pagination } from '../../../components/listPage/pagination.ts';
import type { ListPaging } from '../../../components/listPage/useListQuery.ts';

/** The list pagination of spec §9 for permission screens not laid out by ListPage (users, online users). */
export function listPagination(t: (key: string, o?: Record<string, unknown>) => string, p: ListPaging): TablePaginationConfig {
  return pagination(permissionLook, (key, o) => t(`common.${key}`, o), p);
}
