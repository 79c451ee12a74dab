import { describe, expect, it } from 'vitest';
import { decodeFlowConfig, type InboxItem } from '@medalliance/contract';
import { displayTitle, flowPrefixKey, isLastPage, mergeItems, messageTarget, nearBottom, plainBody } from './messageLink.ts';

const t = (key: string) => `<${key}>`;
const item = (over: Partial<InboxItem>): Pick<InboxItem, 'type' | 'kind' | 'title' | 'bodyText'> => ({
  type: 2,
  kind: 'flowTodo',
  title: '【待办】请假单',
  bodyText: JSON.stringify({ type: 2, id: 'inst1', taskId: 'task1' }),
  ...over,
});

describe('messageTarget', () => {
  it('opens a workflow item at /workFlowDetail with its stored body, base64 then URL-encoded', () => {
    const target = messageTarget(item({}));
    expect(target.kind).toBe('flow');
    const path = (target as { path: string }).path;
    expect(path.startsWith('/workFlowDetail?config=')).toBe(true);
    const config = new URLSearchParams(path.split('?')[1]).get('config');
    expect(decodeFlowConfig(config)).toEqual({ type: 2, id: 'inst1', taskId: 'task1' });
    // Exactly base64 of the UTF-8 JSON, then URL-encoded.
    expect(path).toBe(`/workFlowDetail?config=${encodeURIComponent(btoa('{"type":2,"id":"inst1","taskId":"task1"}'))}`);
  });

  it('keeps a result body’s extra fields in the link', () => {
    const path = (messageTarget(item({ kind: 'flowResult', bodyText: '{"type":1,"id":"i9","status":3}' })) as { path: string }).path;
    expect(atob(decodeURIComponent(path.split('config=')[1]!))).toBe('{"type":1,"id":"i9","status":3}');
  });

  it('opens notices in the dialog, and anything that is not a flow link as text', () => {
    expect(messageTarget(item({ type: 1, bodyText: '<p>x</p>' }))).toEqual({ kind: 'notice' });
    expect(messageTarget(item({ bodyText: null }))).toEqual({ kind: 'text' });
    expect(messageTarget(item({ bodyText: '{not json' }))).toEqual({ kind: 'text' });
    expect(messageTarget(item({ bodyText: '{"type":2,"id":"bad id!"}' }))).toEqual({ kind: 'text' });
    expect(messageTarget(item({ bodyText: '"hello"' }))).toEqual({ kind: 'text' });
    expect(plainBody('"hello"')).toBe('hello');
    expect(plainBody('{"a":1}')).toBe('');
    expect(plainBody('oops')).toBe('');
  });
});

describe('displayTitle', () => {
  it('keeps Chinese titles as stored and translates the workflow prefix elsewhere', () => {
    expect(displayTitle(item({}), 'zh', t)).toBe('【待办】请假单');
    expect(displayTitle(item({}), 'en', t)).toBe('【<flow.todo>】请假单');
    expect(displayTitle(item({ kind: 'flowCopy', title: '【抄送】A' }), 'zhtw', t)).toBe('【<flow.copy>】A');
    expect(displayTitle(item({ kind: 'flowResult', title: '【已驳回】A', bodyText: '{"type":1,"id":"i","status":3}' }), 'en', t)).toBe(
      '【<flow.rejected>】A',
    );
  });

  it('leaves titles it does not recognise alone', () => {
    expect(displayTitle(item({ kind: 'other', title: '【公告】A' }), 'en', t)).toBe('【公告】A');
    expect(displayTitle(item({ title: 'no prefix' }), 'en', t)).toBe('no prefix');
    expect(flowPrefixKey(item({ kind: 'flowResult', bodyText: '{"type":1,"id":"i","status":1}' }))).toBeNull();
    expect(flowPrefixKey(item({ kind: 'flowResult', bodyText: 'broken' }))).toBeNull();
  });
});

describe('paging helpers', () => {
  it('loads within 200 px of the bottom and stops after a short page', () => {
    expect(nearBottom({ scrollHeight: 1000, scrollTop: 500, clientHeight: 300 }, 200)).toBe(true);
    expect(nearBottom({ scrollHeight: 1000, scrollTop: 499, clientHeight: 300 }, 200)).toBe(false);
    expect(isLastPage(19, 20)).toBe(true);
    expect(isLastPage(20, 20)).toBe(false);
  });

  it('merges pages without repeating an id, pushed ones in front', () => {
    const a = { id: 'a' };
    const b = { id: 'b' };
    const c = { id: 'c' };
    expect(mergeItems([a, b], [b, c])).toEqual([a, b, c]);
    expect(mergeItems([a, b], [c, a], true)).toEqual([c, a, b]);
  });
});
