import { create } from 'zustand';
import { loadSettings, saveSetting, DEFAULT_SETTINGS, themeColorOf, type SettingKey, type Settings, type ThemeName } from './settings.ts';
import { browserStorage } from './storage.ts';

interface SettingsActions {
  set<K extends SettingKey>(key: K, value: Settings[K]): void;
  setTheme(name: ThemeName): void;
  toggleSidebar(): void;
  /** Restores the spec defaults of every visual option, keeping language and device. */
  resetAppearance(): void;
}

const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

export const useSettings = create<Settings & SettingsActions>()((setState, get) => {
  const persist = <K extends SettingKey>(key: K, value: Settings[K]) => {
    saveSetting(browserStorage(), key, value);
    setState({ [key]: value } as Pick<Settings, K>);
  };
  return {
    ...loadSettings(browserStorage(), browserLanguages()),
    set: persist,
    setTheme(name) {
      persist('themeClass', name);
      persist('themeColor', themeColorOf(name));
    },
    toggleSidebar() {
      persist('sidebarOpened', !get().sidebarOpened);
    },
    resetAppearance() {
      const keep: SettingKey[] = ['sysConfig', 'loginNeedCode', 'device', 'sidebarOpened'];
      for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof typeof DEFAULT_SETTINGS)[]) {
        if (!keep.includes(key)) persist(key, DEFAULT_SETTINGS[key]);
      }
    },
  };
});

/** Read outside React (http client, router guard). */
export const getSettings = () => useSettings.getState();
