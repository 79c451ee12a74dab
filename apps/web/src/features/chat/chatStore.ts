import { create } from 'zustand';
import {
  CHAT_HISTORY_FIRST_PAGE_SIZE,
  CHAT_HISTORY_PAGE_SIZE,
  chatText,
  type ChatContentType,
  type ChatConversation,
  type ChatImageInput,
  type ChatInitMessageFrame,
  type ChatMessage,
  type InitMessageFrame,
  type MessageListFrame,
  type ReceiveMessageFrame,
  type SendMessageEchoFrame,
} from '@medalliance/contract';

/**
 * The chat's state (spec §4 chat states): the conversation list, unread
 * counts per other user, the open conversation and its history, and the
 * socket to send through. Socket frames come in through received / echoed /
 * listed / applyInit; the screens call openConversation, loadOlder, sendText,
 * sendImage, cleared and removed. Everything here is synchronous and
 * framework-free (the HTTP calls live in the screens' hooks), so the rules
 * are unit-tested without a server.
 */

/** Sends one client frame on the live socket; false when there is none. */
export type ChatTransport = (frame: { method: string } & Record<string, unknown>) => boolean;

/** The person a conversation is with. */
export interface ChatPeer {
  id: string;
  realName: string;
  account: string;
  headIcon: string;
  department: string;
}

export interface ActiveConversation {
  peer: ChatPeer;
  /** Oldest first. */
  messages: ChatMessage[];
  /** The first page (newest 30) has not answered yet. */
  loading: boolean;
  /** An older page was asked for and has not answered. */
  loadingOlder: boolean;
  /** No older messages remain. */
  done: boolean;
  /** Counts every change of the history that adds older messages on top (the view keeps its scroll position). */
  olderSeq: number;
  /** Counts every new message at the bottom (the view scrolls down). */
  newerSeq: number;
}

export type SendRefusal = 'empty' | 'tooLong' | 'offline' | 'noConversation';

interface ChatState {
  panelOpen: boolean;
  /** The socket is up (after its initMessage). */
  connected: boolean;
  /** Conversations as listed (newest activity first). */
  conversations: ChatConversation[];
  /** Unread messages from each other user (only entries above 0). */
  unread: Record<string, number>;
  active: ActiveConversation | null;
  /** Changes when the conversation list should be fetched again (reconnection). */
  reloadSeq: number;
  transport: ChatTransport | null;

  setTransport(transport: ChatTransport | null): void;
  setConnected(connected: boolean): void;
  setPanelOpen(open: boolean): void;
  /** A page of the conversation list: the first page replaces, later pages append. */
  setConversations(rows: readonly ChatConversation[], append: boolean): void;
  applyInit(frame: InitMessageFrame | ChatInitMessageFrame): void;
  /** After a reconnection: reload the list and the open conversation's newest page. */
  resync(): void;
  received(frame: ReceiveMessageFrame): void;
  echoed(frame: SendMessageEchoFrame): void;
  listed(frame: MessageListFrame): void;
  openConversation(peer: ChatPeer): void;
  closeConversation(): void;
  loadOlder(): void;
  sendText(raw: string): SendRefusal | null;
  sendImage(image: ChatImageInput): SendRefusal | null;
  /** The conversation's records were deleted on the server. */
  cleared(userId: string): void;
  /** The conversation was taken off the list on the server. */
  removed(userId: string): void;
  reset(): void;
}

const INITIAL = {
  panelOpen: false,
  connected: false,
  conversations: [] as ChatConversation[],
  unread: {} as Record<string, number>,
  active: null as ActiveConversation | null,
  reloadSeq: 0,
};

/** Total unread chat messages. */
export const unreadTotal = (unread: Record<string, number>) => Object.values(unread).reduce((a, n) => a + n, 0);

/** The chat icon blinks while any conversation has unread messages (spec §4). */
export const selectBlink = (s: Pick<ChatState, 'unread'>) => Object.values(s.unread).some((n) => n > 0);

/** Oldest first, ties by id; one copy of each id (the later copy wins). */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const m of current) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.sendTime - b.sendTime || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The page of 50 that holds the messages just older than the `loaded` newest (pages overlap with what is loaded; merging drops the copies). */
export const olderPage = (loaded: number) => Math.floor(loaded / CHAT_HISTORY_PAGE_SIZE) + 1;

function withUnread(unread: Record<string, number>, userId: string, n: number): Record<string, number> {
  const next = { ...unread };
  if (n > 0) next[userId] = n;
  else delete next[userId];
  return next;
}

/** The list with this conversation updated (or added) and moved to the top. */
function touch(
  list: readonly ChatConversation[],
  peer: ChatPeer,
  latest: { message: string; type: ChatContentType; date: number },
  unreadMessage: number,
): ChatConversation[] {
  const old = list.find((c) => c.id === peer.id);
  const row: ChatConversation = {
    id: peer.id,
    realName: peer.realName || old?.realName || '',
    account: peer.account || old?.account || '',
    headIcon: peer.headIcon || old?.headIcon || '',
    department: old?.department || peer.department || '',
    unreadMessage,
    latestMessage: latest.message,
    messageType: latest.type,
    latestDate: latest.date,
  };
  return [row, ...list.filter((c) => c.id !== peer.id)];
}

export const useChat = create<ChatState>()((set, get) => {
  const send: ChatTransport = (frame) => get().transport?.(frame) ?? false;

  const requestFirstPage = (userId: string) =>
    send({ method: 'MessageList', toUserId: userId, currentPage: 1, pageSize: CHAT_HISTORY_FIRST_PAGE_SIZE, sord: 'desc', keyword: '' });

  const markRead = (userId: string) => send({ method: 'UpdateReadMessage', formUserId: userId });

  const sendContent = (messageType: ChatContentType, messageContent: string | ChatImageInput): SendRefusal | null => {
    const active = get().active;
    if (!active) return 'noConversation';
    return send({ method: 'SendMessage', toUserId: active.peer.id, messageType, messageContent }) ? null : 'offline';
  };

  return {
    ...INITIAL,
    transport: null,

    setTransport(transport) {
      set({ transport });
    },
    setConnected(connected) {
      set({ connected });
    },
    setPanelOpen(panelOpen) {
      set({ panelOpen });
      const active = get().active;
      // Coming back to an open conversation reads what arrived meanwhile.
      if (panelOpen && active && get().unread[active.peer.id]) {
        set((s) => ({
          unread: withUnread(s.unread, active.peer.id, 0),
          conversations: s.conversations.map((c) => (c.id === active.peer.id ? { ...c, unreadMessage: 0 } : c)),
        }));
        requestFirstPage(active.peer.id);
        markRead(active.peer.id);
      }
    },
    setConversations(rows, append) {
      set((s) => {
        const base = append ? s.conversations.filter((c) => !rows.some((r) => r.id === c.id)) : [];
        const list = [...base, ...rows];
        // The list's counts are the server's; the open conversation stays read.
        let unread = s.unread;
        for (const r of rows) {
          const n = s.active?.peer.id === r.id && s.panelOpen ? 0 : r.unreadMessage;
          unread = withUnread(unread, r.id, n);
        }
        return {
          conversations: list.map((c) => (s.active?.peer.id === c.id && s.panelOpen ? { ...c, unreadMessage: 0 } : c)),
          unread,
        };
      });
    },
    applyInit(frame) {
      let unread: Record<string, number> = {};
      for (const u of frame.unreadNums ?? []) {
        const n = Math.max(0, Number(u.unreadNum) || 0);
        if (n && typeof u.sendUserId === 'string') unread = withUnread(unread, u.sendUserId, (unread[u.sendUserId] ?? 0) + n);
      }
      const s = get();
      const open = s.panelOpen ? s.active?.peer.id : undefined;
      if (open && unread[open]) {
        unread = withUnread(unread, open, 0);
        markRead(open);
      }
      set({
        unread,
        conversations: s.conversations.map((c) => ({ ...c, unreadMessage: unread[c.id] ?? 0 })),
      });
    },
    resync() {
      const s = get();
      set({ reloadSeq: s.reloadSeq + 1 });
      if (s.active) {
        set({ active: { ...s.active, loading: !s.active.messages.length } });
        requestFirstPage(s.active.peer.id);
        if (s.panelOpen) markRead(s.active.peer.id);
      }
    },
    received(frame) {
      const s = get();
      const from = String(frame.formUserId);
      const message: ChatMessage = {
        id: String(frame.id),
        sendUserId: from,
        sendTime: Number(frame.dateTime) || Date.now(),
        receiveUserId: String(frame.toUserId ?? ''),
        receiveTime: null,
        contentType: frame.messageType,
        content: String(frame.formMessage ?? ''),
        state: 0,
      };
      const peer: ChatPeer = {
        id: from,
        realName: frame.realName ?? '',
        account: frame.account ?? '',
        headIcon: frame.headIcon ?? '',
        department: '',
      };
      const latest = { message: message.content, type: message.contentType, date: message.sendTime };
      if (s.active?.peer.id === from && s.panelOpen) {
        // Spec §4: the open conversation gets the message appended and read.
        if (s.active.messages.some((m) => m.id === message.id)) return;
        set({
          active: { ...s.active, messages: mergeMessages(s.active.messages, [message]), newerSeq: s.active.newerSeq + 1 },
          conversations: touch(s.conversations, peer, latest, 0),
          unread: withUnread(s.unread, from, 0),
        });
        markRead(from);
        return;
      }
      // Another conversation (or the panel is closed): one more unread, and the icon blinks.
      const n = (s.unread[from] ?? 0) + 1;
      const active =
        s.active?.peer.id === from && !s.active.messages.some((m) => m.id === message.id)
          ? { ...s.active, messages: mergeMessages(s.active.messages, [message]), newerSeq: s.active.newerSeq + 1 }
          : s.active;
      set({ unread: withUnread(s.unread, from, n), conversations: touch(s.conversations, peer, latest, n), active });
    },
    echoed(frame) {
      const s = get();
      const to = String(frame.toUserId);
      const message: ChatMessage = {
        id: String(frame.id),
        sendUserId: String(frame.UserId),
        sendTime: Number(frame.dateTime) || Date.now(),
        receiveUserId: to,
        receiveTime: null,
        contentType: frame.messageType,
        content: String(frame.toMessage ?? ''),
        state: 0,
      };
      const peer: ChatPeer = {
        id: to,
        realName: frame.toRealName ?? '',
        account: frame.toAccount ?? '',
        headIcon: frame.toHeadIcon ?? '',
        department: s.active?.peer.id === to ? s.active.peer.department : '',
      };
      const active =
        s.active?.peer.id === to && !s.active.messages.some((m) => m.id === message.id)
          ? { ...s.active, messages: mergeMessages(s.active.messages, [message]), newerSeq: s.active.newerSeq + 1 }
          : s.active;
      set({
        active,
        conversations: touch(
          s.conversations,
          peer,
          { message: message.content, type: message.contentType, date: message.sendTime },
          s.unread[to] ?? 0,
        ),
      });
    },
    listed(frame) {
      const s = get();
      const a = s.active;
      if (!a || frame.toUserId !== a.peer.id || !Array.isArray(frame.list)) return;
      const pageSize = Number(frame.pagination?.pageSize) || frame.list.length;
      const currentPage = Number(frame.pagination?.currentPage) || 1;
      const total = Number(frame.pagination?.total);
      const first = currentPage === 1 && pageSize === CHAT_HISTORY_FIRST_PAGE_SIZE;
      const short = frame.list.length < pageSize || (Number.isFinite(total) && currentPage * pageSize >= total);
      if (first) {
        // The newest page: after a reconnection it may not reach what is loaded (more than 30 missed): start over from it.
        const overlaps = !a.messages.length || frame.list.some((m) => a.messages.some((x) => x.id === m.id));
        const messages = overlaps ? mergeMessages(a.messages, frame.list) : mergeMessages([], frame.list);
        const grew = messages.length !== a.messages.length;
        set({
          active: {
            ...a,
            messages,
            loading: false,
            done: a.messages.length && overlaps ? a.done : short,
            newerSeq: grew ? a.newerSeq + 1 : a.newerSeq,
          },
        });
        return;
      }
      const messages = mergeMessages(a.messages, frame.list);
      set({
        active: {
          ...a,
          messages,
          loadingOlder: false,
          done: short,
          olderSeq: messages.length !== a.messages.length ? a.olderSeq + 1 : a.olderSeq,
        },
      });
    },
    openConversation(peer) {
      const s = get();
      set({
        active: { peer, messages: [], loading: true, loadingOlder: false, done: false, olderSeq: 0, newerSeq: 0 },
        unread: withUnread(s.unread, peer.id, 0),
        conversations: s.conversations.map((c) => (c.id === peer.id ? { ...c, unreadMessage: 0 } : c)),
      });
      // Spec §4: opening marks it read and loads the newest 30.
      if (!requestFirstPage(peer.id)) set((x) => (x.active ? { active: { ...x.active, loading: false } } : {}));
      markRead(peer.id);
    },
    closeConversation() {
      set({ active: null });
    },
    loadOlder() {
      const a = get().active;
      if (!a || a.loading || a.loadingOlder || a.done) return;
      const ok = send({
        method: 'MessageList',
        toUserId: a.peer.id,
        currentPage: olderPage(a.messages.length),
        pageSize: CHAT_HISTORY_PAGE_SIZE,
        sord: 'desc',
        keyword: '',
      });
      if (ok) set({ active: { ...a, loadingOlder: true } });
    },
    sendText(raw) {
      if (!raw.trim()) return 'empty';
      const text = chatText(raw);
      if (text === null) return 'tooLong';
      return sendContent('text', text);
    },
    sendImage(image) {
      return sendContent('image', image);
    },
    cleared(userId) {
      set((s) => ({
        unread: withUnread(s.unread, userId, 0),
        conversations: s.conversations.map((c) =>
          c.id === userId ? { ...c, unreadMessage: 0, latestMessage: null, messageType: null, latestDate: null } : c,
        ),
        active: s.active?.peer.id === userId ? { ...s.active, messages: [], done: true, loading: false, loadingOlder: false } : s.active,
      }));
    },
    removed(userId) {
      // A removed conversation cannot be opened from the list: its unread messages count as read, or the icon would blink for nothing.
      if (get().unread[userId]) markRead(userId);
      set((s) => ({
        conversations: s.conversations.filter((c) => c.id !== userId),
        unread: withUnread(s.unread, userId, 0),
        active: s.active?.peer.id === userId ? null : s.active,
      }));
    },
    reset() {
      set({ ...INITIAL });
    },
  };
});
