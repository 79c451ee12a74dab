import { MessageOutlined } from '@ant-design/icons';
import { Drawer, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChat } from './chatStore.ts';
import { ConversationList } from './ConversationList.tsx';
import { ConversationView } from './ConversationView.tsx';
import { NS } from './messages.ts';

/** The chat panel (spec §2.5): the conversations and contacts on the left, the open conversation on the right. */
export function ChatPanel() {
  const { t } = useTranslation(NS);
  const open = useChat((s) => s.panelOpen);
  const peer = useChat((s) => s.active?.peer);
  const listed = useChat((s) => !!s.active && s.conversations.some((c) => c.id === s.active?.peer.id));
  const connected = useChat((s) => s.connected);

  return (
    <Drawer
      open={open}
      onClose={() => useChat.getState().setPanelOpen(false)}
      title={
        <span>
          <MessageOutlined /> {t('title')}
          {connected ? null : <span className="ma-chat-offline"> {t('reconnecting')}</span>}
        </span>
      }
      size={860}
      className="ma-chat-drawer"
      rootClassName="ma-chat-drawer-root"
      closable={{ 'aria-label': t('close') }}
      data-testid="ma-chat-drawer"
    >
      <div className="ma-chat-layout">
        <ConversationList onOpen={(p) => useChat.getState().openConversation(p)} />
        {peer ? (
          <ConversationView key={peer.id} peer={peer} listed={listed} />
        ) : (
          <div className="ma-chat-pick">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pick')} />
          </div>
        )}
      </div>
    </Drawer>
  );
}
