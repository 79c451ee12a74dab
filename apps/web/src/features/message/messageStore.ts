import { create } from 'zustand';
import type { MessagePushFrame } from '@medalliance/contract';

/**
 * What the socket tells the shell: the unread total for the notification badge
 * (initMessage's unread messages plus notices, spec §4), who is online, and
 * the latest `messagePush` (the open drawer and the message centre reload on
 * it). Reading a message takes one off the badge, never below 0; read-all
 * sets it to 0.
 */
interface MessageState {
  unreadTotal: number;
  onlineUserIds: ReadonlySet<string>;
  /** The last pushed message and a counter that changes with every push (the same id may come twice). */
  lastPush: { frame: MessagePushFrame; seq: number } | null;
  drawerOpen: boolean;
  setInit(unreadTotal: number, onlineUserIds: readonly string[]): void;
  addOnline(userId: string): void;
  pushed(frame: MessagePushFrame): void;
  /** One message opened that was unread. */
  readOne(): void;
  /** Read-all of every type; with a count, only that many went read (read-all of one type). */
  readMany(count?: number): void;
  setUnread(unreadTotal: number): void;
  setDrawerOpen(open: boolean): void;
  reset(): void;
}

export const useMessages = create<MessageState>()((set) => ({
  unreadTotal: 0,
  onlineUserIds: new Set(),
  lastPush: null,
  drawerOpen: false,
  setInit(unreadTotal, onlineUserIds) {
    set({ unreadTotal: Math.max(0, unreadTotal), onlineUserIds: new Set(onlineUserIds) });
  },
  addOnline(userId) {
    set((s) => (s.onlineUserIds.has(userId) ? s : { onlineUserIds: new Set([...s.onlineUserIds, userId]) }));
  },
  pushed(frame) {
    // Spec §4: messagePush adds its unread count (1) to the badge.
    set((s) => ({
      unreadTotal: s.unreadTotal + Math.max(0, Number(frame.unreadNoticeCount) || 0),
      lastPush: { frame, seq: (s.lastPush?.seq ?? 0) + 1 },
    }));
  },
  readOne() {
    set((s) => ({ unreadTotal: Math.max(0, s.unreadTotal - 1) }));
  },
  readMany(count) {
    set((s) => ({ unreadTotal: count === undefined ? 0 : Math.max(0, s.unreadTotal - count) }));
  },
  setUnread(unreadTotal) {
    set({ unreadTotal: Math.max(0, unreadTotal) });
  },
  setDrawerOpen(drawerOpen) {
    set({ drawerOpen });
  },
  reset() {
    set({ unreadTotal: 0, onlineUserIds: new Set(), lastPush: null, drawerOpen: false });
  },
}));
