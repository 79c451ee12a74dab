import { BellOutlined, NotificationOutlined, ApartmentOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Empty, Segmented, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MESSAGE_DRAWER_SCROLL_PX, MessageType, type InboxItem } from '@medalliance/contract';
import { languageOf } from '../../i18n/index.ts';
import { inboxApi } from './inboxApi.ts';
import { displayTitle, nearBottom } from './messageLink.ts';
import { useMessages } from './messageStore.ts';
import { NS } from './messages.ts';
import { useDrawerInbox } from './useDrawerInbox.ts';
import { useOpenMessage } from './useOpenMessage.tsx';

type Tab = 'all' | 'notice' | 'system';
const TAB_TYPE: Record<Tab, MessageType | undefined> = { all: undefined, notice: MessageType.notice, system: MessageType.system };

export const MESSAGE_RECORD_PATH = '/messageRecord';

/**
 * The message drawer (spec §2.5): notices and workflow items, newest first,
 * loading 20 more within 200 px of the bottom; read-all with its
 * confirmation; the link to the message centre. Escape or the close button
 * closes it.
 */
export function MessageDrawer() {
  const { t, i18n } = useTranslation(NS);
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const open = useMessages((s) => s.drawerOpen);
  const setOpen = useMessages((s) => s.setDrawerOpen);
  const [tab, setTab] = useState<Tab>('all');
  const list = useDrawerInbox(open, TAB_TYPE[tab]);
  const { open: openItem, dialog } = useOpenMessage((item) => list.markRead(item.id));
  const scroller = useRef<HTMLDivElement>(null);
  const lang = languageOf(i18n);

  // A first page that does not fill the panel cannot be scrolled: load on until it does or the list ends.
  useEffect(() => {
    const el = scroller.current;
    if (open && el && !list.loading && !list.done && list.page > 0 && nearBottom(el, MESSAGE_DRAWER_SCROLL_PX)) void list.loadMore();
  }, [open, list]);

  const readAll = () =>
    modal.confirm({
      title: t('drawer.readAll'),
      content: t('drawer.readAllConfirm'),
      okText: t('drawer.readAll'),
      focusable: { autoFocusButton: 'ok' },
      onOk: async () => {
        await inboxApi.readAll();
        useMessages.getState().readMany();
        list.markRead(null);
        void message.success(t('drawer.readAllDone'));
      },
    });

  const toRecord = () => {
    setOpen(false);
    void navigate(MESSAGE_RECORD_PATH);
  };

  const row = (item: InboxItem) => (
    <li key={item.id}>
      <button
        type="button"
        className={`ma-msg-item ${item.isRead ? 'is-read' : 'is-unread'}`}
        onClick={() => void openItem(item)}
        data-testid="ma-msg-item"
      >
        <span className={`ma-msg-icon is-type-${item.type}`}>
          {item.type === MessageType.notice ? <NotificationOutlined /> : <ApartmentOutlined />}
        </span>
        <span className="ma-msg-text">
          <span className="ma-msg-title">{displayTitle(item, lang, t)}</span>
          <span className="ma-msg-meta">
            <span>{t(`type.${item.type}`)}</span>
            <span>{dayjs(item.releaseTime).format('YYYY-MM-DD HH:mm')}</span>
          </span>
        </span>
        {item.isRead ? null : <span className="ma-msg-dot" aria-label={t('unread')} />}
      </button>
    </li>
  );

  return (
    <Drawer
      open={open}
      onClose={() => setOpen(false)}
      title={
        <span>
          <BellOutlined /> {t('drawer.title')}
        </span>
      }
      size={400}
      className="ma-msg-drawer"
      closable={{ 'aria-label': t('drawer.close') }}
      extra={
        <Button size="small" onClick={readAll} data-testid="ma-msg-read-all">
          {t('drawer.readAll')}
        </Button>
      }
      footer={
        <Button type="link" block onClick={toRecord} data-testid="ma-msg-more">
          {t('drawer.more')}
        </Button>
      }
      data-testid="ma-msg-drawer"
    >
      <Segmented<Tab>
        block
        value={tab}
        onChange={setTab}
        options={[
          { value: 'all', label: t('drawer.all') },
          { value: 'notice', label: t('drawer.notice') },
          { value: 'system', label: t('drawer.system') },
        ]}
      />
      <div
        className="ma-msg-scroll"
        ref={scroller}
        onScroll={(e) => nearBottom(e.currentTarget, MESSAGE_DRAWER_SCROLL_PX) && void list.loadMore()}
        data-testid="ma-msg-scroll"
      >
        {list.items.length ? <ul className="ma-msg-list">{list.items.map(row)}</ul> : null}
        {list.loading ? (
          <div className="ma-msg-foot">
            <Spin size="small" /> {t('drawer.loading')}
          </div>
        ) : list.done && !list.items.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('drawer.empty')} />
        ) : list.done ? (
          <div className="ma-msg-foot">{t('drawer.end')}</div>
        ) : null}
      </div>
      {dialog}
    </Drawer>
  );
}
