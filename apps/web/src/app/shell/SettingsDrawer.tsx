import { CheckOutlined } from '@ant-design/icons';
import { App, Button, Divider, Drawer, Segmented, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Layout } from '@medalliance/contract';
import { LAYOUTS } from '@medalliance/contract';
import { saveSystemTheme } from '../../api/usersCurrent.ts';
import { SIDEBAR_STYLES, SIZES, THEME_COLORS, type Settings, type Size } from '../stores/settings.ts';
import { useSettings } from '../stores/settingsStore.ts';
import { useTags } from '../stores/tagsStore.ts';
import { useUi } from '../stores/uiStore.ts';

type Toggle = 'tagsView' | 'tagsIcon' | 'showLanguage' | 'showSearch' | 'useCache' | 'fixedHeader';
const TOGGLES: Toggle[] = ['tagsView', 'tagsIcon', 'showLanguage', 'showSearch', 'useCache', 'fixedHeader'];

/** A small drawing of each layout, so the choice is visual rather than a word. */
function LayoutPicture({ layout }: { layout: Layout }) {
  return (
    <span className={`ma-layout-pic is-${layout}`} aria-hidden>
      <i className="pic-side" />
      <i className="pic-top" />
      <i className="pic-sub" />
    </span>
  );
}

/** Settings panel of spec §2.5. Everything is stored locally; the layout is also saved on the account. */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const open = useUi((s) => s.settingsOpen);
  const setUi = useUi((s) => s.set);
  const settings = useSettings();

  const chooseLayout = (layout: Layout) => {
    if (layout === settings.layoutType) return;
    settings.set('layoutType', layout);
    saveSystemTheme(layout).catch(() => {
      // The http client already said why; the local choice stays.
    });
  };

  const toggle = (key: Toggle, value: boolean) => {
    settings.set(key, value);
    // Switching the page cache off releases the kept pages at once.
    if (key === 'useCache' && !value) useTags.getState().dropPageCache();
  };

  const chooseSize = (size: Size) => {
    settings.set('size', size);
    message.success(t('size.switched'));
  };

  return (
    <Drawer
      title={t('settings.title')}
      open={open}
      size={320}
      onClose={() => setUi({ settingsOpen: false })}
      className="ma-settings"
      footer={
        <Button block onClick={() => settings.resetAppearance()}>
          {t('settings.reset')}
        </Button>
      }
    >
      <h3 className="ma-settings-title">{t('settings.navigation')}</h3>
      <div className="ma-layout-choices" role="radiogroup" aria-label={t('settings.navigation')}>
        {LAYOUTS.map((layout) => (
          <Tooltip key={layout} title={t(`settings.layoutHint.${layout}`)}>
            <button
              type="button"
              role="radio"
              aria-checked={settings.layoutType === layout}
              className={`ma-layout-choice ${settings.layoutType === layout ? 'is-active' : ''}`}
              onClick={() => chooseLayout(layout)}
            >
              <LayoutPicture layout={layout} />
              <span>{t(`settings.layout.${layout}`)}</span>
            </button>
          </Tooltip>
        ))}
      </div>

      <h3 className="ma-settings-title">{t('settings.sidebarStyle')}</h3>
      <Segmented
        block
        value={settings.slideClass}
        onChange={(value) => settings.set('slideClass', value as Settings['slideClass'])}
        options={SIDEBAR_STYLES.map((style) => ({ value: style, label: t(`settings.sidebar.${style}`) }))}
      />

      <h3 className="ma-settings-title">{t('settings.themeColor')}</h3>
      <div className="ma-theme-colors" role="radiogroup" aria-label={t('settings.themeColor')}>
        {THEME_COLORS.map(({ name, color }) => (
          <Tooltip key={name} title={t(`settings.color.${name}`)}>
            <button
              type="button"
              role="radio"
              aria-checked={settings.themeClass === name}
              aria-label={t(`settings.color.${name}`)}
              className="ma-theme-color"
              style={{ background: color }}
              onClick={() => settings.setTheme(name)}
            >
              {settings.themeClass === name ? <CheckOutlined /> : null}
            </button>
          </Tooltip>
        ))}
      </div>

      <Divider />
      <h3 className="ma-settings-title">{t('settings.interface')}</h3>
      <ul className="ma-settings-list">
        {TOGGLES.map((key) => (
          <li key={key}>
            <label htmlFor={`ma-setting-${key}`}>
              {t(`settings.${key}`)}
              {key === 'useCache' ? <small>{t('settings.useCacheHint')}</small> : null}
            </label>
            <Switch id={`ma-setting-${key}`} size="small" checked={settings[key]} onChange={(value) => toggle(key, value)} />
          </li>
        ))}
      </ul>

      <h3 className="ma-settings-title">{t('settings.size')}</h3>
      <Segmented
        block
        value={settings.size}
        onChange={(value) => chooseSize(value as Size)}
        options={SIZES.map((size) => ({ value: size, label: t(`settings.size.${size}`) }))}
      />
      <p className="ma-settings-hint">{t('settings.hint')}</p>
    </Drawer>
  );
}
