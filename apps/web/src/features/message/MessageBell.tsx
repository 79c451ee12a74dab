import { BellOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { MESSAGE_BADGE_MAX } from '@medalliance/contract';
import { useMessages } from './messageStore.ts';
import { MessageDrawer } from './MessageDrawer.tsx';
import { NS } from './messages.ts';
import './message.css';

/** The top bar's notification bell (spec §2.5): the unread count, capped at 99, and the message drawer it opens. */
export function MessageBell() {
  const { t } = useTranslation(NS);
  const unread = useMessages((s) => s.unreadTotal);
  const setOpen = useMessages((s) => s.setDrawerOpen);
  const label = unread ? t('bell.unread', { count: unread }) : t('bell.label');
  return (
    <>
      <Tooltip title={t('bell.label')} placement="bottom">
        <button
          type="button"
          className="ma-navbar-btn ma-msg-bell"
          aria-label={label}
          onClick={() => setOpen(true)}
          data-testid="ma-msg-bell"
        >
          <Badge count={unread} overflowCount={MESSAGE_BADGE_MAX} size="small" offset={[4, -2]} data-testid="ma-msg-badge">
            <BellOutlined />
          </Badge>
        </button>
      </Tooltip>
      <MessageDrawer />
    </>
  );
}
