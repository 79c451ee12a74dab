import { useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Input, Space, Switch } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HEALTH_SHARED_NS } from './messages.ts';
import './messages.ts';

/**
 * The search state every programme worklist keeps: what is typed, what was
 * searched for, "only my patients" and the page. Searching or toggling goes
 * back to the first page, so a narrower list never opens on an empty page.
 */
export function useWorklistQuery() {
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [mine, setMineState] = useState(false);
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const firstPage = () => setPage((p) => ({ ...p, currentPage: 1 }));
  return {
    keyword,
    setKeyword,
    applied,
    search: (v: string) => {
      setApplied(v.trim());
      firstPage();
    },
    mine,
    setMine: (v: boolean) => {
      setMineState(v);
      firstPage();
    },
    page,
    setPage,
    firstPage,
    /** The paged query the worklist routes take. */
    q: { ...page, keyword: applied, mine: mine ? ('1' as const) : ('0' as const) },
  };
}

export type WorklistQuery = ReturnType<typeof useWorklistQuery>;

/**
 * The toolbar above a programme worklist: name search, a switch (by default
 * "only my patients"), refresh, then the screen's own filters and actions.
 */
export function WorklistToolbar({
  query,
  onRefresh,
  toggle,
  filters,
  children,
  style,
}: {
  query: WorklistQuery;
  onRefresh: () => void;
  /** Replaces the "only mine" switch (a screen whose list has another on/off filter). */
  toggle?: { checked: boolean; onChange: (v: boolean) => void; label: ReactNode };
  /** Filters shown between the search and the switch. */
  filters?: ReactNode;
  /** Actions after refresh (add, enrol...). */
  children?: ReactNode;
  style?: CSSProperties;
}) {
  const { t } = useTranslation(HEALTH_SHARED_NS);
  const sw = toggle ?? { checked: query.mine, onChange: query.setMine, label: t('onlyMine') };
  return (
    <Space wrap style={style}>
      <Input.Search
        allowClear
        placeholder={t('searchByName')}
        value={query.keyword}
        onChange={(e) => query.setKeyword(e.target.value)}
        onSearch={query.search}
        style={{ width: 200 }}
        maxLength={50}
      />
      {filters}
      <Space size={4}>
        <Switch size="small" checked={sw.checked} onChange={sw.onChange} />
        {sw.label}
      </Space>
      <Button icon={<ReloadOutlined />} onClick={onRefresh}>
        {t('refresh')}
      </Button>
      {children}
    </Space>
  );
}
