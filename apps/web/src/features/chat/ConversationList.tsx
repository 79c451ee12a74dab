import { Badge, Empty, Input, Segmented, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_CONTACTS_PAGE_SIZE, CHAT_CONTACTS_SCROLL_PX, CHAT_CONVERSATIONS_PAGE_SIZE, type ChatContact } from '@medalliance/contract';
import { UserAvatar } from '../../app/shell/UserAvatar.tsx';
import { chatApi } from './chatApi.ts';
import { useChat, type ChatPeer } from './chatStore.ts';
import { LatestPreview } from './MessageText.tsx';
import { NS } from './messages.ts';
import { nearBottom, usePagedList } from './usePagedList.ts';

type Tab = 'recent' | 'contacts';

/** A conversation's date: the hour today, else the day. */
function shortDate(ms: number | null): string {
  if (!ms) return '';
  const d = dayjs(ms);
  return d.isSame(dayjs(), 'day') ? d.format('HH:mm') : d.isSame(dayjs(), 'year') ? d.format('MM-DD') : d.format('YYYY-MM-DD');
}

function useDebounced(value: string, ms: number): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/**
 * The left column of the chat (spec §2.5, §9): my recent conversations
 * (unread badge, latest message and date, department) and the contacts, both
 * searched by name or account and paged 20 at a time within 300 px of the end.
 */
export function ConversationList({ onOpen }: { onOpen: (peer: ChatPeer) => void }) {
  const { t } = useTranslation(NS);
  const open = useChat((s) => s.panelOpen);
  const reloadSeq = useChat((s) => s.reloadSeq);
  const conversations = useChat((s) => s.conversations);
  const activeId = useChat((s) => s.active?.peer.id);
  const [tab, setTab] = useState<Tab>('recent');
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), 300);
  const [contacts, setContacts] = useState<ChatContact[]>([]);
  const scroller = useRef<HTMLDivElement>(null);

  const recent = usePagedList(
    open && tab === 'recent',
    `${keyword}|${reloadSeq}`,
    CHAT_CONVERSATIONS_PAGE_SIZE,
    (currentPage) => chatApi.conversations({ currentPage, pageSize: CHAT_CONVERSATIONS_PAGE_SIZE, keyword }),
    (rows, append) => useChat.getState().setConversations(rows, append),
  );
  const people = usePagedList(
    open && tab === 'contacts',
    keyword,
    CHAT_CONTACTS_PAGE_SIZE,
    (currentPage) => chatApi.contacts({ currentPage, pageSize: CHAT_CONTACTS_PAGE_SIZE, keyword }),
    (rows, append) => setContacts((c) => (append ? [...c, ...rows.filter((r) => !c.some((x) => x.id === r.id))] : rows)),
  );
  const list = tab === 'recent' ? recent : people;
  // Between typing and the answer, the recent list filters what it has.
  const shown = keyword
    ? conversations.filter((c) => `${c.realName} ${c.account}`.toLowerCase().includes(keyword.toLowerCase()))
    : conversations;
  const count = tab === 'recent' ? shown.length : contacts.length;

  // A page that does not fill the column cannot be scrolled: load on until it does or the list ends.
  useEffect(() => {
    const el = scroller.current;
    if (el && !list.loading && !list.done && list.page > 0 && nearBottom(el, CHAT_CONTACTS_SCROLL_PX)) void list.loadMore();
  }, [list, count]);

  return (
    <aside className="ma-chat-side">
      <Segmented<Tab>
        block
        value={tab}
        onChange={setTab}
        options={[
          { value: 'recent', label: t('tab.recent') },
          { value: 'contacts', label: t('tab.contacts') },
        ]}
        data-testid="ma-chat-tabs"
      />
      <Input.Search
        allowClear
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        placeholder={t('search')}
        aria-label={t('search')}
        maxLength={50}
        data-testid="ma-chat-search"
      />
      <div
        className="ma-chat-list"
        ref={scroller}
        onScroll={(e) => nearBottom(e.currentTarget, CHAT_CONTACTS_SCROLL_PX) && void list.loadMore()}
        data-testid="ma-chat-list"
      >
        <ul>
          {tab === 'recent'
            ? shown.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className={`ma-chat-item ${c.id === activeId ? 'is-active' : ''}`}
                    onClick={() => onOpen(c)}
                    data-testid="ma-chat-conv"
                    data-user={c.account}
                  >
                    <Badge count={c.unreadMessage} size="small" overflowCount={99} data-testid="ma-chat-conv-badge">
                      <UserAvatar user={{ headIcon: c.headIcon, userName: c.realName, userAccount: c.account }} size={36} />
                    </Badge>
                    <span className="ma-chat-item-text">
                      <span className="ma-chat-item-top">
                        <span className="ma-chat-name">{c.realName || c.account}</span>
                        <span className="ma-chat-date">{shortDate(c.latestDate)}</span>
                      </span>
                      <span className="ma-chat-item-bottom">
                        <LatestPreview message={c.latestMessage} type={c.messageType} />
                        {c.latestMessage === null ? <span className="ma-chat-dept">{c.department}</span> : null}
                      </span>
                    </span>
                  </button>
                </li>
              ))
            : contacts.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className={`ma-chat-item ${c.id === activeId ? 'is-active' : ''}`}
                    onClick={() => onOpen(c)}
                    data-testid="ma-chat-contact"
                    data-user={c.account}
                  >
                    <UserAvatar user={{ headIcon: c.headIcon, userName: c.realName, userAccount: c.account }} size={36} />
                    <span className="ma-chat-item-text">
                      <span className="ma-chat-item-top">
                        <span className="ma-chat-name">{c.realName || c.account}</span>
                        <span className="ma-chat-date">{c.account}</span>
                      </span>
                      <span className="ma-chat-item-bottom">
                        <span className="ma-chat-dept">{c.department}</span>
                      </span>
                    </span>
                  </button>
                </li>
              ))}
        </ul>
        {list.loading ? (
          <div className="ma-chat-note">
            <Spin size="small" /> {t('loading')}
          </div>
        ) : list.done && !count ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(tab === 'recent' ? 'noConversations' : 'noContacts')} />
        ) : list.done && count > CHAT_CONTACTS_PAGE_SIZE ? (
          <div className="ma-chat-note">{t('end')}</div>
        ) : null}
      </div>
    </aside>
  );
}
