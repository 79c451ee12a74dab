import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safeRedirect.ts';

describe('safeRedirect', () => {
  it('keeps in-app paths with their query', () => {
    expect(safeRedirect('/system/user?id=1')).toBe('/system/user?id=1');
    expect(safeRedirect(encodeURIComponent('/a?b=1'))).toBe('/a?b=1');
  });
  it('refuses other sites, login loops and garbage', () => {
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
    expect(safeRedirect('%E0%A4%A')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
