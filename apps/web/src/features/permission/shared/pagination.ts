import type { TablePaginationConfig } from 'antd';
import { PAGE_SIZES } from '@medalliance/contract';

/**
 * The list pagination of spec §9: page sizes 20/50/100/500 and the layout
 * total, sizes, prev, pager, next, jumper (ordered by the class in permission.css).
 */
export function listPagination(
  t: (key: string, o?: Record<string, unknown>) => string,
  p: { current: number; pageSize: number; total: number; onChange: (page: number, pageSize: number) => void },
): TablePaginationConfig {
  return {
    current: p.current,
    pageSize: p.pageSize,
    total: p.total,
    showSizeChanger: true,
    showQuickJumper: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showTotal: (total) => t('common.total', { total }),
    onChange: p.onChange,
    className: 'ma-perm-pagination',
    placement: ['bottomEnd'],
  };
}
