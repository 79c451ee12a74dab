import { create } from 'zustand';

/**
 * What the socket tells the shell: the unread total for the notification badge
 * (initMessage's unread messages plus notices, spec §4) and who is online. The
 * messaging module's drawer and chat will read and update it.
 */
interface MessageState {
  unreadTotal: number;
  onlineUserIds: ReadonlySet<string>;
  setInit(unreadTotal: number, onlineUserIds: readonly string[]): void;
  addOnline(userId: string): void;
  reset(): void;
}

export const useMessages = create<MessageState>()((set) => ({
  unreadTotal: 0,
  onlineUserIds: new Set(),
  setInit(unreadTotal, onlineUserIds) {
    set({ unreadTotal: Math.max(0, unreadTotal), onlineUserIds: new Set(onlineUserIds) });
  },
  addOnline(userId) {
    set((s) => (s.onlineUserIds.has(userId) ? s : { onlineUserIds: new Set([...s.onlineUserIds, userId]) }));
  },
  reset() {
    set({ unreadTotal: 0, onlineUserIds: new Set() });
  },
}));
