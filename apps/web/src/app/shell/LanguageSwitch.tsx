import { CheckOutlined, TranslationOutlined } from '@ant-design/icons';
import { Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../../i18n/index.ts';
import type { Language } from '@medalliance/contract';
import { LANGUAGES } from '@medalliance/contract';
import { LANGUAGE_LABELS, changeLanguage } from '../language.ts';

/** zh / zhtw / en switch of the top bar (spec §2.5). */
export function LanguageSwitch({ className = 'ma-navbar-btn' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current = languageOf(i18n);
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((lang) => ({
          key: lang,
          label: (
            <span className="ma-lang-option" lang={lang === 'en' ? 'en' : lang === 'zhtw' ? 'zh-TW' : 'zh-CN'}>
              {LANGUAGE_LABELS[lang]}
              {lang === current ? <CheckOutlined aria-hidden /> : null}
            </span>
          ),
        })),
        onClick: ({ key }) => {
          if (key !== current) void changeLanguage(key as Language);
        },
      }}
    >
      <Tooltip title={t('navbar.language')} placement="bottom">
        <button type="button" className={className} aria-label={t('navbar.language')}>
          <TranslationOutlined />
        </button>
      </Tooltip>
    </Dropdown>
  );
}
