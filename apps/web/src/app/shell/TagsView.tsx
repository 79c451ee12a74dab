import { CloseOutlined, DownOutlined, LeftOutlined, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { TagView } from '../stores/tags.ts';
import { useSettings } from '../stores/settingsStore.ts';
import { useTags } from '../stores/tagsStore.ts';
import { MenuIcon } from './MenuIcon.tsx';
import { revealScrollLeft, wheelDelta } from './tagsScroll.ts';
import { useTagActions } from './useTagActions.ts';
import { useTitle } from './useNavActions.ts';

/**
 * The tag strip (spec §2.5): visited views, pinned ones without a close
 * button; right-click (or the menu at the end) offers refresh, close, close
 * others, close all. Scroll buttons and the mouse wheel move along the strip
 * and the active tag is always brought into view. Keyboard: Tab to a tag,
 * Enter opens it, Delete closes it; middle-click closes like a browser tab.
 */
export function TagsView() {
  const { t } = useTranslation();
  const title = useTitle();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const visited = useTags((s) => s.visited);
  const showIcon = useSettings((s) => s.tagsIcon);
  const { refresh, close, closeOthers, closeAll } = useTagActions();
  const scrollRef = useRef<HTMLDivElement>(null);
  const tagRefs = useRef(new Map<string, HTMLElement>());

  // Vertical wheel scrolls the strip sideways; needs a non-passive listener to keep the page still.
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      if (el.scrollWidth <= el.clientWidth) return;
      event.preventDefault();
      el.scrollLeft += wheelDelta(event.deltaX, event.deltaY);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  // Bring the active tag into view (after it renders, including when it was just added).
  useEffect(() => {
    const el = scrollRef.current;
    const tag = tagRefs.current.get(pathname);
    if (!el || !tag) return;
    const target = revealScrollLeft(el.scrollLeft, el.clientWidth, tag.offsetLeft, tag.offsetWidth);
    if (target !== el.scrollLeft) el.scrollTo({ left: target, behavior: 'smooth' });
  }, [pathname, visited.length]);

  const scrollBy = (direction: 1 | -1) => {
    const el = scrollRef.current;
    if (el) el.scrollBy({ left: direction * Math.max(120, el.clientWidth * 0.8), behavior: 'smooth' });
  };

  const menuFor = useCallback(
    (tag: TagView): MenuProps['items'] => [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('tags.refresh'), onClick: () => refresh(tag) },
      { key: 'close', icon: <CloseOutlined />, label: t('tags.close'), disabled: !!tag.affix, onClick: () => close(tag) },
      { type: 'divider' },
      { key: 'others', label: t('tags.closeOthers'), onClick: () => closeOthers(tag) },
      { key: 'all', label: t('tags.closeAll'), onClick: () => closeAll() },
    ],
    [t, refresh, close, closeOthers, closeAll],
  );

  const activeTag = visited.find((v) => v.path === pathname);

  return (
    <div className="ma-tags">
      <button type="button" className="ma-tags-arrow" aria-label={t('tags.scrollLeft')} onClick={() => scrollBy(-1)}>
        <LeftOutlined />
      </button>
      <div className="ma-tags-scroll" ref={scrollRef} role="tablist" aria-label={t('tags.strip')}>
        {visited.map((tag) => {
          const active = tag.path === pathname;
          const text = title(tag.title);
          return (
            <Dropdown key={tag.path} trigger={['contextMenu']} menu={{ items: menuFor(tag) }}>
              <div
                ref={(el) => {
                  if (el) tagRefs.current.set(tag.path, el);
                  else tagRefs.current.delete(tag.path);
                }}
                role="tab"
                tabIndex={0}
                aria-selected={active}
                className={`ma-tag ${active ? 'is-active' : ''}`}
                title={text}
                onClick={() => !active && navigate(tag.fullPath)}
                onMouseUp={(event) => {
                  if (event.button === 1) close(tag);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    if (!active) navigate(tag.fullPath);
                  } else if (event.key === 'Delete' || event.key === 'Backspace') {
                    event.preventDefault();
                    close(tag);
                  }
                }}
              >
                {active ? <i className="ma-tag-dot" aria-hidden /> : null}
                {showIcon && tag.icon !== undefined ? <MenuIcon icon={tag.icon} className="ma-tag-icon" /> : null}
                <span className="ma-tag-text">{text}</span>
                {tag.affix ? null : (
                  <span
                    className="ma-tag-close"
                    role="button"
                    aria-label={`${t('tags.close')} ${text}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      close(tag);
                    }}
                  >
                    <CloseOutlined />
                  </span>
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
      <button type="button" className="ma-tags-arrow" aria-label={t('tags.scrollRight')} onClick={() => scrollBy(1)}>
        <RightOutlined />
      </button>
      {activeTag ? (
        <Dropdown trigger={['click']} placement="bottomRight" menu={{ items: menuFor(activeTag) }}>
          <button type="button" className="ma-tags-arrow ma-tags-menu" aria-label={t('tags.actions')}>
            <DownOutlined />
          </button>
        </Dropdown>
      ) : null}
    </div>
  );
}
