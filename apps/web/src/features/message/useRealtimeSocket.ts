import { useEffect } from 'react';
import type { MessagePushFrame } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { loginUrl } from '../../app/navigation.ts';
import { resetSession } from '../../app/session/session.ts';
import { onSessionReset } from '../../app/session/sessionEvents.ts';
import { useSession } from '../../app/stores/sessionStore.ts';
import { currentLanguage, t } from '../../i18n/index.ts';
import { routeChatFrame } from '../chat/chatFrames.ts';
import { useChat } from '../chat/chatStore.ts';
import { useMessages } from './messageStore.ts';
import { NS } from './messages.ts';
import { RealtimeSocket } from './socket.ts';

/** How long the logout message shows before the page goes to login (spec §8: 1 s). */
const LOGOUT_NOTICE_MS = 1000;

onSessionReset(() => {
  useMessages.getState().reset();
  useChat.getState().reset();
});

/** Spec §4/§8 socket logout: the server's message (or the default) for 1 s, then token cleared and reload to login. */
function socketLogout(msg: string | undefined): void {
  toast.error(msg ?? t('socket.loginExpired', { ns: NS }), LOGOUT_NOTICE_MS / 1000);
  setTimeout(() => {
    const target = loginUrl();
    resetSession();
    window.location.replace(target);
  }, LOGOUT_NOTICE_MS);
}

/**
 * Keeps the real-time socket open while signed in (mounted once by the shell):
 * a new token opens a new socket, a session reset or sign-out closes it. The
 * socket's counts go to the badge and the chat; chat frames go to the chat
 * store, which sends through this socket. After a reconnection the counts come
 * with the new initMessage, and the chat fetches its list and the open
 * conversation again.
 */
export function useRealtimeSocket(): void {
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return;
    const socket = new RealtimeSocket(
      { token, language: currentLanguage(), location: window.location, WebSocketImpl: WebSocket },
      {
        onLogout: socketLogout,
        onInit: (f) => {
          useMessages
            .getState()
            .setInit(f.unreadTotalCount ?? (f.unreadNoticeCount ?? 0) + (f.unreadMessageCount ?? 0), f.onlineUsers ?? []);
          useChat.getState().applyInit(f);
        },
        onReconnected: () => useChat.getState().resync(),
        onStatus: (up) => useChat.getState().setConnected(up),
        // Only our own frames can be refused (a chat message too long, a conversation gone): say why.
        onError: (msg) => toast.error(msg),
        onOnline: (userId) => useMessages.getState().addOnline(userId),
        onFrame: (frame) => {
          // Spec §4: messagePush adds to the badge and refreshes an open drawer (it watches lastPush).
          if (frame.method === 'messagePush' && typeof frame.id === 'string')
            useMessages.getState().pushed(frame as unknown as MessagePushFrame);
          else routeChatFrame(frame as Record<string, unknown>);
        },
      },
    );
    useChat.getState().setTransport((frame) => socket.send(frame));
    socket.start();
    const off = onSessionReset(() => socket.stop());
    return () => {
      off();
      socket.stop();
      useChat.getState().setTransport(null);
    };
  }, [token]);
}
