import { MessageOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { MESSAGE_BADGE_MAX } from '@medalliance/contract';
import { selectBlink, unreadTotal, useChat } from './chatStore.ts';
import { ChatPanel } from './ChatPanel.tsx';
import { NS } from './messages.ts';
import './chat.css';

/** The top bar's chat icon (spec §2.5, §4): it blinks while any conversation has unread messages, and opens the chat panel. */
export function ChatButton() {
  const { t } = useTranslation(NS);
  const blink = useChat(selectBlink);
  const unread = useChat((s) => unreadTotal(s.unread));
  return (
    <>
      <Tooltip title={t('icon.label')} placement="bottom">
        <button
          type="button"
          className={`ma-navbar-btn ma-chat-icon ${blink ? 'is-blinking' : ''}`}
          aria-label={unread ? t('icon.unread', { count: unread }) : t('icon.label')}
          onClick={() => useChat.getState().setPanelOpen(true)}
          data-testid="ma-chat-icon"
          data-blink={blink ? 'on' : 'off'}
        >
          <Badge count={unread} overflowCount={MESSAGE_BADGE_MAX} size="small" offset={[4, -2]} data-testid="ma-chat-badge">
            <MessageOutlined />
          </Badge>
        </button>
      </Tooltip>
      <ChatPanel />
    </>
  );
}
