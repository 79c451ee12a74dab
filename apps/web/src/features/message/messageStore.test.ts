import { beforeEach, describe, expect, it } from 'vitest';
import type { MessagePushFrame } from '@medalliance/contract';
import { useMessages } from './messageStore.ts';

const push = (id: string): MessagePushFrame => ({
  method: 'messagePush',
  userId: '',
  toUserId: ['u1'],
  title: 't',
  unreadNoticeCount: 1,
  messageType: 2,
  id,
});

describe('the badge count (spec §4)', () => {
  beforeEach(() => useMessages.getState().reset());

  it('starts from initMessage, goes up by each push and down by each read, never below 0', () => {
    const s = useMessages.getState;
    s().setInit(3, ['a']);
    s().pushed(push('m1'));
    expect(s().unreadTotal).toBe(4);
    expect(s().lastPush).toEqual({ frame: push('m1'), seq: 1 });
    // The same message pushed twice is still a new event for the drawer to refetch on.
    s().pushed(push('m1'));
    expect(s().lastPush?.seq).toBe(2);
    s().readOne();
    expect(s().unreadTotal).toBe(4);
    s().readMany(10);
    expect(s().unreadTotal).toBe(0);
    s().readOne();
    expect(s().unreadTotal).toBe(0);
    s().setInit(-5, []);
    expect(s().unreadTotal).toBe(0);
  });

  it('read-all of every type clears the count; of one type takes off what the server changed', () => {
    const s = useMessages.getState;
    s().setInit(7, []);
    s().readMany(2);
    expect(s().unreadTotal).toBe(5);
    s().readMany();
    expect(s().unreadTotal).toBe(0);
  });

  it('a push frame without a usable count adds nothing; a session reset clears everything', () => {
    const s = useMessages.getState;
    s().pushed({ ...push('x'), unreadNoticeCount: 'lots' as unknown as 1 });
    expect(s().unreadTotal).toBe(0);
    s().setDrawerOpen(true);
    s().setInit(2, ['a']);
    s().reset();
    expect([s().unreadTotal, s().drawerOpen, s().lastPush, s().onlineUserIds.size]).toEqual([0, false, null, 0]);
  });
});
