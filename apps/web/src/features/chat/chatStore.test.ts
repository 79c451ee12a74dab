import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatConversation, ChatMessage, ReceiveMessageFrame, SendMessageEchoFrame } from '@medalliance/contract';
import { mergeMessages, olderPage, selectBlink, unreadTotal, useChat, type ChatPeer } from './chatStore.ts';

let sent: Record<string, unknown>[] = [];
let online = true;

const ME = 'u-me';
const LI: ChatPeer = { id: 'u-li', realName: '李医生', account: 'lisi', headIcon: '', department: '内科' };
const WANG: ChatPeer = { id: 'u-wang', realName: '王护士', account: 'wangwu', headIcon: '', department: '护理部' };

const conv = (peer: ChatPeer, unreadMessage = 0): ChatConversation => ({
  ...peer,
  unreadMessage,
  latestMessage: 'hello',
  messageType: 'text',
  latestDate: 1000,
});

const msg = (id: number, from = LI.id, to = ME): ChatMessage => ({
  id: String(id),
  sendUserId: from,
  sendTime: 1_000_000 + id,
  receiveUserId: to,
  receiveTime: null,
  contentType: 'text',
  content: `m${id}`,
  state: 0,
});

const incoming = (id: number, from: ChatPeer = LI, content = `m${id}`): ReceiveMessageFrame => ({
  method: 'receiveMessage',
  id: String(id),
  messageType: 'text',
  formUserId: from.id,
  toUserId: ME,
  formMessage: content,
  account: from.account,
  headIcon: '',
  realName: from.realName,
  dateTime: 2_000_000 + id,
  latestDate: 2_000_000 + id,
});

const page = (toUserId: string, ids: number[], currentPage: number, pageSize: number, total: number) =>
  useChat.getState().listed({
    method: 'messageList',
    toUserId,
    list: ids.map((i) => msg(i, i % 2 ? toUserId : ME, i % 2 ? ME : toUserId)),
    pagination: { currentPage, pageSize, total },
  });

const state = () => useChat.getState();

beforeEach(() => {
  sent = [];
  online = true;
  state().reset();
  state().setTransport((f) => {
    if (!online) return false;
    sent.push(f);
    return true;
  });
});

describe('chat store', () => {
  it('opening a conversation marks it read and asks for the newest 30', () => {
    state().setConversations([conv(LI, 3), conv(WANG, 1)], false);
    expect(state().unread).toEqual({ [LI.id]: 3, [WANG.id]: 1 });
    expect(selectBlink(state())).toBe(true);
    state().setPanelOpen(true);
    state().openConversation(LI);
    expect(state().unread).toEqual({ [WANG.id]: 1 });
    expect(state().conversations.find((c) => c.id === LI.id)?.unreadMessage).toBe(0);
    expect(sent).toEqual([
      { method: 'MessageList', toUserId: LI.id, currentPage: 1, pageSize: 30, sord: 'desc', keyword: '' },
      { method: 'UpdateReadMessage', formUserId: LI.id },
    ]);
    expect(state().active?.loading).toBe(true);
    // newest first from the server, shown oldest first
    page(LI.id, [60, 59, 58], 1, 30, 3);
    expect(state().active?.messages.map((m) => m.id)).toEqual(['58', '59', '60']);
    expect(state().active?.loading).toBe(false);
    expect(state().active?.done).toBe(true);
  });

  it('a message for the open conversation is appended and marked read; for another it counts and blinks', () => {
    state().setConversations([conv(LI), conv(WANG)], false);
    state().setPanelOpen(true);
    state().openConversation(LI);
    sent = [];
    state().received(incoming(1));
    expect(state().active?.messages.map((m) => m.content)).toEqual(['m1']);
    expect(sent).toEqual([{ method: 'UpdateReadMessage', formUserId: LI.id }]);
    expect(selectBlink(state())).toBe(false);
    // the same frame twice (two sockets, a resync) is shown once
    state().received(incoming(1));
    expect(state().active?.messages).toHaveLength(1);

    state().received(incoming(2, WANG, '<img src=x onerror=alert(1)>'));
    state().received(incoming(3, WANG));
    expect(state().unread).toEqual({ [WANG.id]: 2 });
    expect(unreadTotal(state().unread)).toBe(2);
    expect(selectBlink(state())).toBe(true);
    // it moved to the top with its latest message
    expect(state().conversations[0]).toMatchObject({ id: WANG.id, unreadMessage: 2, latestMessage: 'm3', latestDate: 2_000_003 });
    expect(state().active?.messages).toHaveLength(1);
    // opening it stops the blink
    state().openConversation(WANG);
    expect(selectBlink(state())).toBe(false);
  });

  it('a message from someone not on the list adds the conversation at the top', () => {
    state().setConversations([conv(LI)], false);
    state().received(incoming(7, WANG));
    expect(state().conversations.map((c) => c.id)).toEqual([WANG.id, LI.id]);
    expect(state().conversations[0]).toMatchObject({ realName: '王护士', unreadMessage: 1, messageType: 'text' });
  });

  it('with the panel closed, even the open conversation counts as unread until the panel opens again', () => {
    state().setPanelOpen(true);
    state().openConversation(LI);
    page(LI.id, [1], 1, 30, 1);
    state().setPanelOpen(false);
    sent = [];
    state().received(incoming(5));
    expect(state().unread[LI.id]).toBe(1);
    expect(sent).toEqual([]);
    state().setPanelOpen(true);
    expect(state().unread[LI.id]).toBeUndefined();
    expect(sent.map((f) => f.method)).toEqual(['MessageList', 'UpdateReadMessage']);
  });

  it('my own message comes back as sendMessage and is shown once, on the conversation it went to', () => {
    state().setPanelOpen(true);
    state().openConversation(LI);
    page(LI.id, [], 1, 30, 0);
    const echo: SendMessageEchoFrame = {
      method: 'sendMessage',
      id: '9',
      UserId: ME,
      account: 'admin',
      headIcon: '',
      realName: '管理员',
      toUserId: LI.id,
      toAccount: LI.account,
      toHeadIcon: '',
      toRealName: LI.realName,
      messageType: 'text',
      toMessage: '[101] hi',
      dateTime: 5,
      latestDate: 5,
    };
    state().echoed(echo);
    state().echoed(echo);
    expect(state().active?.messages.map((m) => [m.sendUserId, m.content])).toEqual([[ME, '[101] hi']]);
    expect(state().conversations[0]).toMatchObject({ id: LI.id, latestMessage: '[101] hi', realName: '李医生' });
  });

  it('older pages of 50 are asked for by how many are loaded, merged without copies, and stop at a short page', () => {
    expect([0, 30, 49, 50, 80, 100].map(olderPage)).toEqual([1, 1, 1, 2, 2, 3]);
    state().setPanelOpen(true);
    state().openConversation(LI);
    page(
      LI.id,
      Array.from({ length: 30 }, (_, i) => 120 - i),
      1,
      30,
      120,
    );
    expect(state().active?.done).toBe(false);
    sent = [];
    state().loadOlder();
    state().loadOlder(); // already waiting: not asked twice
    expect(sent).toEqual([{ method: 'MessageList', toUserId: LI.id, currentPage: 1, pageSize: 50, sord: 'desc', keyword: '' }]);
    page(
      LI.id,
      Array.from({ length: 50 }, (_, i) => 120 - i),
      1,
      50,
      120,
    );
    expect(state().active?.messages).toHaveLength(50);
    expect(state().active?.olderSeq).toBe(1);
    sent = [];
    state().loadOlder();
    expect(sent[0]).toMatchObject({ currentPage: 2, pageSize: 50 });
    page(
      LI.id,
      Array.from({ length: 50 }, (_, i) => 70 - i),
      2,
      50,
      120,
    );
    state().loadOlder();
    page(
      LI.id,
      Array.from({ length: 20 }, (_, i) => 20 - i),
      3,
      50,
      120,
    );
    const ids = state().active!.messages.map((m) => Number(m.id));
    expect(ids).toHaveLength(120);
    expect(ids[0]).toBe(1);
    expect(ids.at(-1)).toBe(120);
    expect(state().active?.done).toBe(true);
    sent = [];
    state().loadOlder();
    expect(sent).toEqual([]);
  });

  it('a page for another conversation than the open one is ignored', () => {
    state().openConversation(LI);
    page(WANG.id, [1, 2], 1, 30, 2);
    expect(state().active?.messages).toEqual([]);
  });

  it('sending: text trimmed, empty and too long refused, nothing sent while offline', () => {
    expect(state().sendText('hi')).toBe('noConversation');
    state().openConversation(LI);
    sent = [];
    expect(state().sendText('   \n ')).toBe('empty');
    expect(state().sendText('x'.repeat(2001))).toBe('tooLong');
    expect(state().sendText('  <b>hi</b> [101]\n')).toBeNull();
    expect(sent).toEqual([{ method: 'SendMessage', toUserId: LI.id, messageType: 'text', messageContent: '<b>hi</b> [101]' }]);
    expect(state().sendImage({ name: 'a.png', width: 10, height: 20 })).toBeNull();
    expect(sent[1]).toEqual({
      method: 'SendMessage',
      toUserId: LI.id,
      messageType: 'image',
      messageContent: { name: 'a.png', width: 10, height: 20 },
    });
    online = false;
    expect(state().sendText('hi')).toBe('offline');
  });

  it('initMessage sets the unread counts; the open conversation stays read; after a reconnection it is fetched again', () => {
    state().setConversations([conv(LI), conv(WANG)], false);
    state().setPanelOpen(true);
    state().openConversation(LI);
    page(LI.id, [1, 2], 1, 30, 2);
    sent = [];
    const unreadNums = [
      { sendUserId: LI.id, receiveUserId: ME, unreadNum: 2, defaultMessage: 'x', defaultMessageType: 'text', defaultMessageTime: 1 },
      { sendUserId: WANG.id, receiveUserId: ME, unreadNum: 4, defaultMessage: 'y', defaultMessageType: 'text', defaultMessageTime: 1 },
    ];
    state().applyInit({
      method: 'initMessage',
      onlineUsers: [],
      onlineUserList: [],
      unreadNums,
      unreadNoticeCount: 0,
      noticeDefaultText: '',
      unreadMessageCount: 0,
      messageDefaultText: '',
      unreadSystemMessageCount: 0,
      unreadScheduleCount: 0,
      unreadTotalCount: 0,
      dateTime: 0,
    });
    expect(state().unread).toEqual({ [WANG.id]: 4 });
    expect(state().conversations.map((c) => c.unreadMessage)).toEqual([0, 4]);
    expect(sent).toEqual([{ method: 'UpdateReadMessage', formUserId: LI.id }]);
    const seq = state().reloadSeq;
    sent = [];
    state().resync();
    expect(state().reloadSeq).toBe(seq + 1);
    expect(sent.map((f) => f.method)).toEqual(['MessageList', 'UpdateReadMessage']);
    // what was missed is merged in
    page(LI.id, [4, 3, 2], 1, 30, 4);
    expect(state().active?.messages.map((m) => m.id)).toEqual(['1', '2', '3', '4']);
    // more than 30 missed: the newest page does not reach what was loaded, the history starts over from it
    page(
      LI.id,
      Array.from({ length: 30 }, (_, i) => 100 - i),
      1,
      30,
      100,
    );
    expect(state().active?.messages).toHaveLength(30);
    expect(state().active?.done).toBe(false);
  });

  it('clearing records empties the conversation and its summary; removing takes it off the list', () => {
    state().setConversations([conv(LI, 2), conv(WANG, 1)], false);
    state().openConversation(WANG);
    page(WANG.id, [1], 1, 30, 1);
    state().cleared(LI.id);
    expect(state().conversations[0]).toMatchObject({ id: LI.id, unreadMessage: 0, latestMessage: null, messageType: null });
    state().cleared(WANG.id);
    expect(state().active?.messages).toEqual([]);
    state().received(incoming(9, LI));
    sent = [];
    state().removed(LI.id);
    expect(sent).toEqual([{ method: 'UpdateReadMessage', formUserId: LI.id }]);
    state().removed(WANG.id);
    expect(sent).toHaveLength(1);
    expect(state().conversations.map((c) => c.id)).toEqual([]);
    expect(state().active).toBeNull();
    expect(selectBlink(state())).toBe(false);
  });

  it('merges messages oldest first without copies', () => {
    const a = msg(2);
    expect(mergeMessages([msg(3), a], [msg(1), { ...a, state: 1 }]).map((m) => [m.id, m.state])).toEqual([
      ['1', 0],
      ['2', 1],
      ['3', 0],
    ]);
  });
});
