import { LayoutOutlined, LockOutlined, TranslationOutlined } from '@ant-design/icons';
import type { Language } from '@medalliance/contract';
import { LANGUAGES } from '@medalliance/contract';
import { Button, Segmented } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LANGUAGE_LABELS, changeLanguage } from '../../app/language.ts';
import { useSession } from '../../app/stores/sessionStore.ts';
import { useSettings } from '../../app/stores/settingsStore.ts';
import { useUi } from '../../app/stores/uiStore.ts';
import { useLanguage } from '../../i18n/index.ts';
import { NS } from './messages.ts';

function Row({ icon, title, hint, children }: { icon: ReactNode; title: string; hint: string; children: ReactNode }) {
  return (
    <li className="ma-profile-pref">
      <span className="ma-profile-pref-icon">{icon}</span>
      <div className="ma-profile-pref-text">
        <strong>{title}</strong>
        <span>{hint}</span>
      </div>
      <div className="ma-profile-pref-action">{children}</div>
    </li>
  );
}

/** Shortcuts to the personal settings that live elsewhere: language, the layout drawer, the lock screen. */
export function PreferencesTab() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const lang = useLanguage();
  const layout = useSettings((s) => s.layoutType);

  return (
    <ul className="ma-profile-prefs">
      <Row icon={<TranslationOutlined />} title={t('settings.language')} hint={t('settings.languageHint')}>
        <Segmented<Language>
          value={lang}
          onChange={(value) => void changeLanguage(value)}
          options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))}
        />
      </Row>
      <Row
        icon={<LayoutOutlined />}
        title={t('settings.layout')}
        hint={t('settings.layoutHint', { layout: tc(`settings.layout.${layout}`) })}
      >
        <Button onClick={() => useUi.getState().set({ settingsOpen: true })}>{t('settings.openLayout')}</Button>
      </Row>
      <Row icon={<LockOutlined />} title={t('settings.lock')} hint={t('settings.lockHint')}>
        <Button
          onClick={() => {
            useSession.getState().setLock(true);
            navigate('/lockScreen');
          }}
        >
          {t('settings.lockNow')}
        </Button>
      </Row>
    </ul>
  );
}
