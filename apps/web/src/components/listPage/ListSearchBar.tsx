import { useState, type ReactNode } from 'react';
import { Button, Input, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useListTexts, type ListLook } from './look.ts';

export interface ListSearchProps {
  /** Called with the trimmed keyword (Enter or the search button); with '' on reset. */
  onSearch: (keyword: string) => void;
  /** Filters shown between the keyword box and the buttons. */
  filters?: ReactNode;
  /**
   * Clears the screen's filters and searches with none (the keyword box is
   * cleared here). One call, so the search cannot run with a filter value
   * from before the reset. Without it, reset searches ''.
   */
  onReset?: () => void;
  placeholder?: string;
}

/**
 * Keyword box with search and reset (Enter searches). The keyword being typed
 * stays here; the screen only hears the applied one.
 */
export function ListSearchBar({ look, onSearch, filters, onReset, placeholder }: ListSearchProps & { look: ListLook }) {
  const t = useListTexts(look);
  const [keyword, setKeyword] = useState('');
  const permission = look.kind === 'permission';
  const reset = () => {
    setKeyword('');
    if (onReset) onReset();
    else onSearch('');
  };
  const items = (
    <>
      <Input
        allowClear
        value={keyword}
        placeholder={placeholder ?? t('keyword')}
        onChange={(e) => setKeyword(e.target.value)}
        onPressEnter={() => onSearch(keyword.trim())}
        style={permission ? { width: 220 } : undefined}
        aria-label={t('keyword')}
      />
      {filters}
      <Button type="primary" icon={permission ? <SearchOutlined /> : undefined} onClick={() => onSearch(keyword.trim())}>
        {t('search')}
      </Button>
      <Button icon={permission ? <ReloadOutlined /> : undefined} onClick={reset}>
        {t('reset')}
      </Button>
    </>
  );
  // Permission screens: a bar of its own above the toolbar; system screens: the left of the head row.
  return permission ? (
    <div className="ma-perm-search" role="search">
      <Space wrap size={8}>
        {items}
      </Space>
    </div>
  ) : (
    <div className="ma-sys-filters" role="search">
      {items}
    </div>
  );
}
