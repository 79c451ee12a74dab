import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { InboxItem } from '@medalliance/contract';
import { inboxApi } from './inboxApi.ts';
import { messageTarget } from './messageLink.ts';
import { useMessages } from './messageStore.ts';
import { NoticeDialog } from './NoticeDialog.tsx';

/**
 * Opening an inbox item, the same in the drawer and the message centre: the
 * server marks it read (the badge goes down by one, spec §4), then a workflow
 * item opens its flow page and anything else its dialog.
 */
export function useOpenMessage(onRead: (item: InboxItem) => void): { open: (item: InboxItem) => Promise<void>; dialog: ReactNode } {
  const navigate = useNavigate();
  const [shown, setShown] = useState<InboxItem | null>(null);
  const open = async (item: InboxItem) => {
    const fresh = (await inboxApi.read(item.id)).data;
    if (!item.isRead) useMessages.getState().readOne();
    onRead(fresh);
    const target = messageTarget(fresh);
    if (target.kind === 'flow') {
      useMessages.getState().setDrawerOpen(false);
      void navigate(target.path);
    } else {
      setShown(fresh);
    }
  };
  return { open, dialog: shown ? <NoticeDialog item={shown} onClose={() => setShown(null)} /> : null };
}
