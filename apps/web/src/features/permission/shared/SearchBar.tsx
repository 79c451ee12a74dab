import { useState, type ReactNode } from 'react';
import { Button, Input, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NS } from '../messages.ts';

interface SearchBarProps {
  onSearch: (keyword: string) => void;
  /** Filters shown between the keyword box and the buttons. */
  filters?: ReactNode;
  onReset?: () => void;
  placeholder?: string;
}

/** Keyword box with search and reset (Enter searches). */
export function SearchBar({ onSearch, filters, onReset, placeholder }: SearchBarProps) {
  const { t } = useTranslation(NS);
  const [keyword, setKeyword] = useState('');
  return (
    <div className="ma-perm-search" role="search">
      <Space wrap size={8}>
        <Input
          allowClear
          value={keyword}
          placeholder={placeholder ?? t('common.keyword')}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={() => onSearch(keyword.trim())}
          style={{ width: 220 }}
          aria-label={t('common.keyword')}
        />
        {filters}
        <Button type="primary" icon={<SearchOutlined />} onClick={() => onSearch(keyword.trim())}>
          {t('common.search')}
        </Button>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            setKeyword('');
            onReset?.();
            onSearch('');
          }}
        >
          {t('common.reset')}
        </Button>
      </Space>
    </div>
  );
}
