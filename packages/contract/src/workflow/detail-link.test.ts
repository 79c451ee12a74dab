import { describe, expect, it } from 'vitest';
import { decodeFlowConfig, encodeFlowConfig, flowDetailPath, FlowLinkType } from './detail-link.ts';

describe('workflow detail link', () => {
  it('round-trips a to-do link through the URL as the browser reads it', () => {
    const path = flowDetailPath({ type: FlowLinkType.todo, id: 'inst_1', taskId: 'task-2' });
    const config = new URL(path, 'http://x').searchParams.get('config');
    expect(decodeFlowConfig(config)).toEqual({ type: 2, id: 'inst_1', taskId: 'task-2' });
  });

  it('is base64 of the JSON body, then URL-encoded (spec route table)', () => {
    const body = { type: 0, flowId: '转诊' };
    const raw = decodeURIComponent(encodeFlowConfig(body));
    expect(new TextDecoder().decode(Uint8Array.from(atob(raw), (c) => c.charCodeAt(0)))).toBe(JSON.stringify(body));
  });

  it('refuses what is not a link', () => {
    for (const bad of [
      null,
      '',
      '%%%',
      btoa('not json'),
      btoa('{"type":9,"id":"a"}'),
      btoa('{"type":2,"id":"../etc"}'),
      'A'.repeat(5000),
    ]) {
      expect(decodeFlowConfig(bad)).toBeNull();
    }
    expect(decodeFlowConfig(btoa('{"type":0,"flowId":"f1"}'))).toEqual({ type: 0, flowId: 'f1' });
  });
});
