import { describe, expect, it } from 'vitest';
import { decodeFlowConfig, FlowLinkType } from '@medalliance/contract';
import { i18n } from '../../i18n/index.ts';
import './flowMessages.ts';
import { statusLook } from '../../components/flowTags/flowTags.ts';
import { NS as TAGS_NS } from '../../components/flowTags/messages.ts';
import { canSubmit, flowLinkOf, flowStateOf, isLocked } from './flowState.ts';

describe('flowState of a workflow-enabled record', () => {
  it('reads a missing or empty state as waiting to submit, and junk as unknown', () => {
    expect(flowStateOf(undefined)).toBe(0);
    expect(flowStateOf(null)).toBe(0);
    expect(flowStateOf('')).toBe(0);
    expect(flowStateOf('2')).toBe(2);
    expect(flowStateOf(1.5)).toBe(-1);
    expect(flowStateOf('x')).toBe(-1);
  });

  it('shows each state in the shared flow words, in zh, zhtw and en', () => {
    const keys = [0, 1, 2, 3, 4, 5].map((v) => statusLook(flowStateOf(v)).key);
    const text = (lang: string) => keys.map((k) => i18n.getFixedT(lang, TAGS_NS)(k));
    expect(text('zh')).toEqual(['待提交', '审批中', '已通过', '已驳回', '已撤回', '已终止']);
    expect(text('zhtw')).toEqual(['待提交', '審批中', '已通過', '已駁回', '已撤回', '已終止']);
    expect(text('en')).toEqual(['To submit', 'In approval', 'Approved', 'Rejected', 'Withdrawn', 'Terminated']);
    expect(statusLook(flowStateOf('x')).key).toBe('status.unknown');
  });

  it('offers submit for 0, 3 and 4 and locks edit and delete for 1, 2 and 5', () => {
    expect([0, 1, 2, 3, 4, 5].filter(canSubmit)).toEqual([0, 3, 4]);
    expect([0, 1, 2, 3, 4, 5].filter(isLocked)).toEqual([1, 2, 5]);
    expect(canSubmit(undefined)).toBe(true);
    expect(isLocked(undefined)).toBe(false);
    expect(canSubmit('junk')).toBe(false);
    expect(isLocked('junk')).toBe(false);
  });

  it('links a submitted row to its instance: launched for its starter, the monitor view for others', () => {
    const row = { id: 'r1', flowState: 1, flowInstanceId: 'inst1', flowStarterId: 'u1' };
    const config = (path: string | null) => decodeFlowConfig(new URLSearchParams(path!.split('?')[1]).get('config'));
    expect(config(flowLinkOf(row, 'u1'))).toEqual({ type: FlowLinkType.launched, id: 'inst1' });
    expect(config(flowLinkOf(row, 'u2'))).toEqual({ type: FlowLinkType.monitor, id: 'inst1' });
    expect(flowLinkOf(row, 'u1')!.startsWith('/workFlowDetail?config=')).toBe(true);
    expect(flowLinkOf({ id: 'r2', flowState: 0 }, 'u1')).toBeNull();
  });
});
