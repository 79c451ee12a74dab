import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, loadSettings, saveSetting, themeColorOf } from './settings.ts';
import { STORAGE_PREFIX, decodeValue, encodeValue, memoryStorage } from './storage.ts';

describe('stored values', () => {
  it('carry a type suffix and round-trip', () => {
    expect(encodeValue(true)).toBe('true|boolean');
    expect(encodeValue('classic')).toBe('"classic"|string');
    expect(encodeValue(210)).toBe('210|number');
    expect(decodeValue(encodeValue({ a: 1 }))).toEqual({ kind: 'object', value: { a: 1 } });
  });
  it('refuse malformed or mistyped values', () => {
    expect(decodeValue('true')).toBeNull();
    expect(decodeValue('"x"|boolean')).toBeNull();
    expect(decodeValue('{oops|object')).toBeNull();
    expect(decodeValue(null)).toBeNull();
  });
});

describe('settings persistence', () => {
  it('gives the spec defaults on an empty store', () => {
    const s = loadSettings(memoryStorage(), ['zh-CN']);
    expect(s).toMatchObject({
      layoutType: 'classic',
      slideClass: 'dark',
      themeColor: '#409eff',
      tagsView: true,
      showLanguage: true,
      showSearch: true,
      useCache: false,
      fixedHeader: false,
      sidebarOpened: true,
      device: 'desktop',
      size: 'medium',
      language: 'zh',
    });
  });

  it('saves under the fixed prefix and loads back', () => {
    const storage = memoryStorage();
    saveSetting(storage, 'layoutType', 'blend');
    saveSetting(storage, 'useCache', true);
    saveSetting(storage, 'language', 'en');
    expect(storage.dump()[`${STORAGE_PREFIX}layoutType`]).toBe('"blend"|string');
    const s = loadSettings(storage, ['zh-CN']);
    expect(s.layoutType).toBe('blend');
    expect(s.useCache).toBe(true);
    expect(s.language).toBe('en');
  });

  it('falls back to defaults for values of the wrong type or outside the allowed set', () => {
    const storage = memoryStorage();
    storage.setItem(`${STORAGE_PREFIX}tagsView`, '"yes"|string');
    storage.setItem(`${STORAGE_PREFIX}layoutType`, '"sideways"|string');
    storage.setItem(`${STORAGE_PREFIX}themeColor`, '"red"|string');
    const s = loadSettings(storage, []);
    expect(s.tagsView).toBe(DEFAULT_SETTINGS.tagsView);
    expect(s.layoutType).toBe('classic');
    expect(s.themeColor).toBe('#409eff');
  });

  it('uses the browser language when none was chosen', () => {
    expect(loadSettings(memoryStorage(), ['zh-TW']).language).toBe('zhtw');
  });

  it('knows the colour of each theme', () => {
    expect(themeColorOf('blue')).toBe('#409eff');
  });
});
