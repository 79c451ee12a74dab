import { Button, Modal } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { InboxItem } from '@medalliance/contract';
import { SafeHtml } from '../../components/html/SafeHtml.tsx';
import { languageOf } from '../../i18n/index.ts';
import { displayTitle, messageTarget, plainBody } from './messageLink.ts';
import { NS } from './messages.ts';

/** Spec §9: the notice dialog is 80 % wide. */
const NOTICE_WIDTH = '80%';

/** A notice's HTML (always sanitized) or another message's text, in the 80 % dialog. */
export function NoticeDialog({ item, onClose }: { item: InboxItem; onClose: () => void }) {
  const { t, i18n } = useTranslation(NS);
  const notice = messageTarget(item).kind === 'notice';
  return (
    <Modal
      open
      width={NOTICE_WIDTH}
      title={displayTitle(item, languageOf(i18n), t)}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t('notice.close')}</Button>}
      data-testid="ma-notice-dialog"
    >
      <div className="ma-msg-notice-meta">
        {item.creatorUser ? <span>{t('notice.from', { name: item.creatorUser })}</span> : null}
        <span>{dayjs(item.releaseTime).format('YYYY-MM-DD HH:mm')}</span>
      </div>
      {notice ? (
        <SafeHtml className="ma-msg-notice-body" html={item.bodyText} data-testid="ma-notice-body" />
      ) : (
        <p className="ma-msg-notice-body" data-testid="ma-notice-body">
          {plainBody(item.bodyText)}
        </p>
      )}
    </Modal>
  );
}
