import { describe, expect, it } from 'vitest';
import { FlowStatus } from '@medalliance/contract';
import { waitingNodes } from './assign.ts';
import { isFinished } from './status.ts';
import { detailPathOf, linkOf, personName } from './links.ts';
import { decodeFlowConfig } from '@medalliance/contract';

describe('finished instances', () => {
  it('knows which instances are finished', () => {
    expect(isFinished(FlowStatus.waiting)).toBe(false);
    expect(isFinished(FlowStatus.draft)).toBe(false);
    for (const s of [FlowStatus.adopted, FlowStatus.rejected, FlowStatus.revoked, FlowStatus.cancelled]) expect(isFinished(s)).toBe(true);
  });
});

describe('row links', () => {
  const row = { id: 'task1', instanceId: 'inst1' };
  it('opens a to-do on its task and the others on the instance', () => {
    expect(linkOf('todo', row)).toEqual({ type: 2, id: 'inst1', taskId: 'task1' });
    expect(linkOf('done', row)).toEqual({ type: 4, id: 'inst1', taskId: 'task1' });
    expect(linkOf('circulated', row)).toEqual({ type: 3, id: 'inst1' });
    expect(linkOf('launched', { id: 'inst1', instanceId: 'inst1' })).toEqual({ type: 1, id: 'inst1' });
    expect(linkOf('monitor', { id: 'inst1', instanceId: '' })).toEqual({ type: 5, id: 'inst1' });
  });
  it('builds a detail path the detail page reads back', () => {
    const path = detailPathOf('todo', row);
    expect(path.startsWith('/workFlowDetail?config=')).toBe(true);
    const config = new URLSearchParams(path.split('?')[1]).get('config');
    expect(decodeFlowConfig(config)).toEqual({ type: 2, id: 'inst1', taskId: 'task1' });
  });
  it('shows the starter by name', () => {
    expect(personName('张伟/zhangwei')).toBe('张伟');
    expect(personName(null)).toBe('');
  });
});

describe('waitingNodes', () => {
  it('lists each waiting node once, skipping decided tasks', () => {
    const tasks = [
      { nodeId: 'n1', nodeName: '科室审核', status: 1 },
      { nodeId: 'n1', nodeName: '科室审核', status: 1 },
      { nodeId: 'n0', nodeName: '初审', status: 2 },
      { nodeId: 'n2', nodeName: '院办', status: 1 },
      { nodeId: 'n3', nodeName: '排队', status: 0 },
    ];
    expect(waitingNodes(tasks)).toEqual([
      { id: 'n1', name: '科室审核' },
      { id: 'n2', name: '院办' },
    ]);
  });
});
