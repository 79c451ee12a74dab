import { FlowStatus } from '@medalliance/contract';
import { describe, expect, it } from 'vitest';
import { statusLook, urgencyLook } from './flowTags.ts';

describe('flow status and urgency tags', () => {
  it('maps every status to its colour and words, and anything else to unknown', () => {
    expect(statusLook(FlowStatus.waiting)).toEqual({ color: 'processing', key: 'status.1' });
    expect(statusLook(FlowStatus.adopted)).toEqual({ color: 'success', key: 'status.2' });
    expect(statusLook(FlowStatus.rejected)).toEqual({ color: 'error', key: 'status.3' });
    expect(statusLook(FlowStatus.revoked)).toEqual({ color: 'warning', key: 'status.4' });
    expect(statusLook(FlowStatus.cancelled).key).toBe('status.5');
    for (const odd of [9, null, undefined, Number.NaN]) expect(statusLook(odd).key).toBe('status.unknown');
  });

  it('shows a missing urgency as normal', () => {
    expect(urgencyLook(3)).toEqual({ color: 'red', key: 'urgency.3' });
    expect(urgencyLook(null).key).toBe('urgency.1');
  });
});
