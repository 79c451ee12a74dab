import { describe, expect, it } from 'vitest';
import { decide, type GuardInput } from './guard.ts';

const input = (over: Partial<GuardInput>): GuardInput => ({
  path: '/home',
  fullPath: '/home',
  hasToken: true,
  locked: false,
  loaded: true,
  ...over,
});

describe('navigation guard', () => {
  it('without a token opens only login, login2, auth-redirect and jump', () => {
    for (const path of ['/login', '/login2', '/auth-redirect', '/jump']) {
      expect(decide(input({ path, fullPath: path, hasToken: false }))).toEqual({ type: 'allow' });
    }
    expect(decide(input({ path: '/system/user', fullPath: '/system/user?id=1', hasToken: false }))).toEqual({
      type: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/system/user?id=1')}`,
    });
    expect(decide(input({ path: '/', fullPath: '/', hasToken: false }))).toEqual({ type: 'redirect', to: '/login' });
  });

  it('sends a signed-in user away from login', () => {
    expect(decide(input({ path: '/login', fullPath: '/login' }))).toEqual({ type: 'redirect', to: '/' });
  });

  it('keeps a locked session on the lock screen', () => {
    expect(decide(input({ locked: true }))).toEqual({ type: 'redirect', to: '/lockScreen' });
    expect(decide(input({ path: '/lockScreen', fullPath: '/lockScreen', locked: true }))).toEqual({ type: 'allow' });
    expect(decide(input({ path: '/lockScreen', fullPath: '/lockScreen', locked: true, loaded: false }))).toEqual({ type: 'load' });
  });

  it('loads the menus first when they are missing', () => {
    expect(decide(input({ loaded: false }))).toEqual({ type: 'load' });
    expect(decide(input({}))).toEqual({ type: 'allow' });
  });
});
