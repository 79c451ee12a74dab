import { beforeEach, describe, expect, it } from 'vitest';
import { routeChatFrame } from './chatFrames.ts';
import { useChat } from './chatStore.ts';

const PEER = { id: 'u-2', realName: '李医生', account: 'lisi', headIcon: '', department: '' };

beforeEach(() => {
  useChat.getState().reset();
  useChat.getState().setTransport(() => true);
});

describe('chat frames from the socket', () => {
  it('routes receiveMessage, sendMessage and messageList to the store and leaves other methods alone', () => {
    useChat.getState().openConversation(PEER);
    expect(routeChatFrame({ method: 'messagePush', id: '1' })).toBe(false);
    expect(routeChatFrame({ method: 'online', userId: 'x' })).toBe(false);
    expect(
      routeChatFrame({
        method: 'messageList',
        toUserId: PEER.id,
        list: [
          {
            id: 'a',
            sendUserId: PEER.id,
            sendTime: 1,
            receiveUserId: 'me',
            receiveTime: null,
            contentType: 'text',
            content: 'hi',
            state: 0,
          },
        ],
        pagination: { currentPage: 1, pageSize: 30, total: 1 },
      }),
    ).toBe(true);
    expect(useChat.getState().active?.messages.map((m) => m.content)).toEqual(['hi']);
    routeChatFrame({
      method: 'receiveMessage',
      id: 'b',
      formUserId: 'u-3',
      toUserId: 'me',
      messageType: 'text',
      formMessage: 'yo',
      dateTime: 2,
    });
    expect(useChat.getState().unread).toEqual({ 'u-3': 1 });
    routeChatFrame({ method: 'sendMessage', id: 'c', UserId: 'me', toUserId: PEER.id, messageType: 'text', toMessage: 'ok', dateTime: 3 });
    expect(useChat.getState().active?.messages.map((m) => m.content)).toEqual(['hi', 'ok']);
  });

  it('drops chat frames that lack what they need', () => {
    useChat.getState().openConversation(PEER);
    const bad: Record<string, unknown>[] = [
      { method: 'receiveMessage', formUserId: 'u-3', messageType: 'text', formMessage: 'no id' },
      { method: 'receiveMessage', id: 'x', formUserId: 'u-3', messageType: 'script', formMessage: 'bad type' },
      { method: 'receiveMessage', id: 'x', formUserId: 'u-3', messageType: 'text', formMessage: { html: '<b>' } },
      { method: 'sendMessage', id: 'y', messageType: 'text', toMessage: 'no receiver' },
      { method: 'messageList', toUserId: PEER.id, list: 'nope' },
      { method: 'messageList', list: [] },
    ];
    for (const f of bad) expect(routeChatFrame(f)).toBe(true);
    expect(useChat.getState().unread).toEqual({});
    expect(useChat.getState().active?.messages).toEqual([]);
    expect(useChat.getState().conversations).toEqual([]);
  });
});
