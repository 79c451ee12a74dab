import type { TablePaginationConfig } from 'antd';
import { PAGE_SIZES } from '@medalliance/contract';
import type { ListLook, ListTexts } from './look.ts';
import type { ListPaging } from './useListQuery.ts';

/**
 * The list pagination of spec §9: page sizes 20/50/100/500, quick jumper and
 * the total. The permission screens order it total, sizes, prev, pager, next,
 * jumper (by the class in permission.css); the system screens keep antd's order.
 */
export function listPagination(look: ListLook, t: ListTexts, p: ListPaging): TablePaginationConfig {
  return {
    current: p.current,
    pageSize: p.pageSize,
    total: p.total,
    showSizeChanger: true,
    showQuickJumper: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showTotal: (total) => t('total', { total }),
    ...(p.onChange ? { onChange: p.onChange } : {}),
    ...(look.kind === 'permission'
      ? { className: 'ma-perm-pagination', placement: ['bottomEnd'] as TablePaginationConfig['placement'] }
      : {}),
  };
}
