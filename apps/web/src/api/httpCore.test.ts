import { describe, expect, it } from 'vitest';
import { appendQuery, classify, errorText, formBody, getUrl, isEnvelope, isSessionExempt } from './httpCore.ts';

describe('query encoding', () => {
  it('adds the _t time and the GET params', () => {
    expect(getUrl('/api/message', { currentPage: 1, keyword: 'a b', skip: undefined, none: null }, 42)).toBe(
      '/api/message?currentPage=1&keyword=a+b&_t=42',
    );
  });
  it('repeats array keys, serialises objects and extends an existing query', () => {
    expect(appendQuery('/x?a=1', { ids: ['1', '2'], q: { k: 1 } })).toBe('/x?a=1&ids=1&ids=2&q=%7B%22k%22%3A1%7D');
    expect(appendQuery('/x', {})).toBe('/x');
  });
  it('form-encodes the login body', () => {
    expect(formBody({ account: 'admin', password: 'abc', code: undefined, grant_type: 'password' }).toString()).toBe(
      'account=admin&password=abc&grant_type=password',
    );
  });
});

describe('classify', () => {
  it('treats 200 as success and other codes as errors', () => {
    expect(classify({ code: 200 }, '/api/x')).toBe('ok');
    expect(classify({ code: 400 }, '/api/x')).toBe('error');
    expect(classify({ code: 500 }, '/api/x')).toBe('error');
  });
  it('ends the session on 600, 601 and 602', () => {
    for (const code of [600, 601, 602]) expect(classify({ code }, '/api/oauth/CurrentUser')).toBe('session');
  });
  it('does not end the session on login and lock-screen calls', () => {
    expect(classify({ code: 600 }, '/api/oauth/Login')).toBe('error');
    expect(classify({ code: 602 }, '/api/oauth/LockScreen')).toBe('error');
    expect(classify({ code: 601 }, 'http://host/api/oauth/Login?x=1')).toBe('error');
    expect(isSessionExempt('/api/oauth/LoginConfig')).toBe(false);
    expect(isSessionExempt('/api/oauth/Logout')).toBe(false);
  });
});

describe('envelope helpers', () => {
  it('recognises envelopes', () => {
    expect(isEnvelope({ code: 200, msg: '', data: null })).toBe(true);
    expect(isEnvelope('<html>')).toBe(false);
    expect(isEnvelope(null)).toBe(false);
  });
  it('uses the server msg, else the fallback', () => {
    expect(errorText({ msg: '用户名或密码不正确' }, 'retry')).toBe('用户名或密码不正确');
    expect(errorText({ msg: '  ' }, 'retry')).toBe('retry');
    expect(errorText(null, 'retry')).toBe('retry');
  });
});
