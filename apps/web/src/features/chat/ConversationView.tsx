import { ClearOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { App, Button, Empty, Modal, Spin, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_HISTORY_SCROLL_PX, parseChatImage, type ChatMessage } from '@medalliance/contract';
import { useUser } from '../../app/stores/userStore.ts';
import { UserAvatar } from '../../app/shell/UserAvatar.tsx';
import { AuthImage } from '../../components/upload/AuthImage.tsx';
import { chatApi } from './chatApi.ts';
import { useChat, type ChatPeer } from './chatStore.ts';
import { Composer } from './Composer.tsx';
import { MessageText } from './MessageText.tsx';
import { NS } from './messages.ts';

/** A message's time: the hour today, else the date and hour. */
function when(ms: number): string {
  const d = dayjs(ms);
  return d.isSame(dayjs(), 'day') ? d.format('HH:mm') : d.format('YYYY-MM-DD HH:mm');
}

const IMAGE_BOX = 200;

function Content({ m, onImage }: { m: ChatMessage; onImage: (path: string) => void }) {
  const { t } = useTranslation(NS);
  if (m.contentType === 'text') return <MessageText text={m.content} className="ma-chat-text" />;
  const image = m.contentType === 'image' ? parseChatImage(m.content) : null;
  if (image) {
    const scale = image.width && image.height ? Math.min(1, IMAGE_BOX / Math.max(image.width, image.height)) : 1;
    const style =
      image.width && image.height ? { width: Math.round(image.width * scale), height: Math.round(image.height * scale) } : undefined;
    return (
      <button type="button" className="ma-chat-image" onClick={() => onImage(image.path)} data-testid="ma-chat-image-msg">
        <AuthImage src={image.path} alt={image.name} style={style} />
      </button>
    );
  }
  return <span className="ma-chat-text">{t(m.contentType === 'image' ? 'image' : m.contentType)}</span>;
}

/**
 * One conversation (spec §4): the newest 30 on opening, older pages of 50 as
 * the reader scrolls within 100 px of the top (the view stays where it was),
 * my messages on the right and theirs on the left with their times, the
 * composer, and clearing the records or removing the conversation.
 */
export function ConversationView({ peer, listed }: { peer: ChatPeer; listed: boolean }) {
  const { t } = useTranslation(NS);
  const { modal, message } = App.useApp();
  const me = useUser((s) => s.userInfo);
  const active = useChat((s) => s.active);
  const scroller = useRef<HTMLDivElement>(null);
  const lastHeight = useRef(0);
  const seen = useRef({ older: 0, newer: 0, loading: true });
  const [preview, setPreview] = useState<string | null>(null);

  const messages = active?.messages ?? [];

  // Older messages on top keep the reader's place; new ones at the bottom (or the first page) scroll down.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !active) return;
    const s = seen.current;
    if (s.loading && !active.loading) {
      el.scrollTop = el.scrollHeight;
    } else if (active.olderSeq !== s.older) {
      el.scrollTop += el.scrollHeight - lastHeight.current;
    } else if (active.newerSeq !== s.newer) {
      const last = active.messages.at(-1);
      const atBottom = lastHeight.current - el.scrollTop - el.clientHeight <= CHAT_HISTORY_SCROLL_PX * 2;
      if (atBottom || last?.sendUserId === me?.userId) el.scrollTop = el.scrollHeight;
    }
    seen.current = { older: active.olderSeq, newer: active.newerSeq, loading: active.loading };
    lastHeight.current = el.scrollHeight;
    // A history that does not fill the view cannot be scrolled: load older until it does or none remain.
    if (!active.loading && !active.loadingOlder && !active.done && el.scrollHeight <= el.clientHeight) useChat.getState().loadOlder();
  }, [active, me?.userId]);

  const onScroll = () => {
    const el = scroller.current;
    if (el && el.scrollTop <= CHAT_HISTORY_SCROLL_PX) useChat.getState().loadOlder();
  };

  const clear = () =>
    modal.confirm({
      title: t('clear'),
      content: t('clearConfirm'),
      okText: t('clear'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await chatApi.clearRecords(peer.id);
        useChat.getState().cleared(peer.id);
        void message.success(t('clearDone'));
      },
    });

  const remove = () =>
    modal.confirm({
      title: t('remove'),
      content: t('removeConfirm'),
      okText: t('remove'),
      onOk: async () => {
        await chatApi.remove(peer.id);
        useChat.getState().removed(peer.id);
        void message.success(t('removeDone'));
      },
    });

  return (
    <section className="ma-chat-view" aria-label={peer.realName} data-testid="ma-chat-view" data-peer={peer.id}>
      <header className="ma-chat-view-head">
        <div className="ma-chat-view-who">
          <strong data-testid="ma-chat-peer">{peer.realName || peer.account}</strong>
          <span className="ma-chat-dept">{[peer.account, peer.department].filter(Boolean).join(' · ')}</span>
        </div>
        {listed ? (
          <div className="ma-chat-view-actions">
            <Tooltip title={t('clear')}>
              <Button type="text" icon={<ClearOutlined />} aria-label={t('clear')} onClick={clear} data-testid="ma-chat-clear" />
            </Tooltip>
            <Tooltip title={t('remove')}>
              <Button type="text" icon={<CloseCircleOutlined />} aria-label={t('remove')} onClick={remove} data-testid="ma-chat-remove" />
            </Tooltip>
          </div>
        ) : null}
      </header>
      <div className="ma-chat-history" ref={scroller} onScroll={onScroll} data-testid="ma-chat-history">
        {active?.loadingOlder ? (
          <div className="ma-chat-note">
            <Spin size="small" /> {t('olderLoading')}
          </div>
        ) : active?.done && messages.length ? (
          <div className="ma-chat-note">{t('olderEnd')}</div>
        ) : null}
        {active?.loading ? (
          <div className="ma-chat-note">
            <Spin size="small" /> {t('loading')}
          </div>
        ) : !messages.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noMessages')} />
        ) : null}
        <ul className="ma-chat-messages">
          {messages.map((m) => {
            const mine = m.sendUserId === me?.userId;
            return (
              <li key={m.id} className={`ma-chat-msg ${mine ? 'is-mine' : 'is-theirs'}`} data-testid="ma-chat-msg" data-id={m.id}>
                <UserAvatar user={mine ? me : { headIcon: peer.headIcon, userName: peer.realName, userAccount: peer.account }} size={32} />
                <div className="ma-chat-msg-body">
                  <div className="ma-chat-msg-meta">
                    <span>{mine ? t('me') : peer.realName}</span>
                    <time dateTime={new Date(m.sendTime).toISOString()}>{when(m.sendTime)}</time>
                  </div>
                  <div className="ma-chat-bubble">
                    <Content m={m} onImage={setPreview} />
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
      <Composer />
      <Modal
        open={!!preview}
        onCancel={() => setPreview(null)}
        footer={null}
        title={t('previewTitle')}
        width="auto"
        centered
        destroyOnHidden
      >
        {preview ? <AuthImage src={preview} alt="" className="ma-chat-preview-img" /> : null}
      </Modal>
    </section>
  );
}
