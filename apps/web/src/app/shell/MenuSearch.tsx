import { SearchOutlined } from '@ant-design/icons';
import { Select, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../../i18n/index.ts';
import { useUser } from '../stores/userStore.ts';
import { searchEntries } from './menuModel.ts';
import { createMenuSearcher } from './menuSearch.ts';
import { useNavIndex, useOpenNavItem } from './useNavActions.ts';

/**
 * Menu search of spec §2.5: a filterable select over the menus the user may
 * open, ranked by Fuse.js. The icon expands into the select; Ctrl/⌘+K opens
 * it from anywhere.
 */
export function MenuSearch() {
  const { t, i18n } = useTranslation();
  const lang = languageOf(i18n);
  const nav = useUser((s) => s.routeTable.nav);
  const index = useNavIndex();
  const openItem = useOpenNavItem();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');

  const search = useMemo(() => createMenuSearcher(searchEntries(nav, lang)), [nav, lang]);
  const results = useMemo(() => search(keyword), [search, keyword]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const close = () => {
    setOpen(false);
    setKeyword('');
  };

  return (
    <div className={`ma-menu-search ${open ? 'is-open' : ''}`}>
      <Tooltip title={open ? '' : `${t('navbar.search')} (Ctrl+K)`}>
        <button type="button" className="ma-navbar-btn" aria-label={t('navbar.search')} onClick={() => (open ? close() : setOpen(true))}>
          <SearchOutlined />
        </button>
      </Tooltip>
      {open ? (
        <Select
          className="ma-menu-search-select"
          showSearch={{ filterOption: false, onSearch: setKeyword, searchValue: keyword }}
          value={null}
          placeholder={t('navbar.searchPlaceholder')}
          autoFocus
          defaultOpen
          notFoundContent={keyword.trim() ? t('navbar.searchEmpty') : null}
          options={results.map((entry) => ({
            value: entry.id,
            label: (
              <div className="ma-search-option">
                <span>{entry.title}</span>
                {entry.section ? <small>{entry.section}</small> : null}
              </div>
            ),
          }))}
          onSelect={(id) => {
            const item = id ? index.get(id) : undefined;
            close();
            if (item) openItem(item);
          }}
          onBlur={close}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
          aria-label={t('navbar.search')}
        />
      ) : null}
    </div>
  );
}
