import { describe, expect, it } from 'vitest';
import { changedSettings, cleanList, CIDR_PATTERN, HOST_PATTERN } from './sysConfigForm.ts';

describe('system settings form', () => {
  it('sends only what changed, lists compared by value', () => {
    expect(
      changedSettings(
        { sysName: 'a', tokenTimeout: 480, interfaceAllowedHosts: ['x'] },
        { sysName: 'a', tokenTimeout: 60, interfaceAllowedHosts: ['x'] },
      ),
    ).toEqual({ tokenTimeout: 60 });
    expect(changedSettings({ interfaceAllowedHosts: ['x'] }, { interfaceAllowedHosts: ['x', 'y'] })).toEqual({
      interfaceAllowedHosts: ['x', 'y'],
    });
    expect(changedSettings({ singleLogin: false }, { singleLogin: false, sysName: undefined })).toEqual({});
  });
  it('cleans the host and network lists and names bad entries', () => {
    expect(cleanList([' api.example.com ', 'API.example.com', '*.gov.cn', 'host:8080', '', 'bad host', 'http://x'], HOST_PATTERN)).toEqual({
      list: ['api.example.com', '*.gov.cn', 'host:8080', 'bad host', 'http://x'],
      invalid: ['bad host', 'http://x'],
    });
    expect(cleanList(['10.0.0.0/8', '192.168.1.1', 'fd00::/8', 'x/8'], CIDR_PATTERN).invalid).toEqual(['x/8']);
  });
});
