import { Button, Modal } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { InboxItem } from '@medalliance/contract';
import { SafeHtml } from '../../components/html/SafeHtml.tsx';
import { FileList } from '../../components/upload/index.ts';
import { languageOf } from '../../i18n/index.ts';
import { displayTitle, messageTarget, plainBody } from './messageLink.ts';
import { NS } from './messages.ts';
import { noticeApi } from './notice/noticeApi.ts';
import { NS as NOTICE_NS } from './notice/messages.ts';
import './notice/notice.css';

/** Spec §9: the notice dialog is 80 % wide. */
const NOTICE_WIDTH = '80%';

/** A notice's HTML (always sanitized) and its attachments, or another message's text, in the 80 % dialog. */
export function NoticeDialog({ item, onClose }: { item: InboxItem; onClose: () => void }) {
  const { t, i18n } = useTranslation(NS);
  const notice = messageTarget(item).kind === 'notice';
  const files = useQuery({
    queryKey: ['message', 'notice', 'files', item.id],
    queryFn: async () => (await noticeApi.files(item.id)).data,
    enabled: notice,
    staleTime: 60_000,
  });
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
        <>
          <SafeHtml className="ma-msg-notice-body" html={item.bodyText} data-testid="ma-notice-body" />
          {files.data?.length ? (
            <section className="ma-msg-notice-files" data-testid="ma-notice-files">
              <h4>{t('attachments', { ns: NOTICE_NS })}</h4>
              <FileList files={files.data} />
            </section>
          ) : null}
        </>
      ) : (
        <p className="ma-msg-notice-body" data-testid="ma-notice-body">
          {plainBody(item.bodyText)}
        </p>
      )}
    </Modal>
  );
}
