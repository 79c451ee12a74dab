import { Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUi } from '../stores/uiStore.ts';
import { useUser } from '../stores/userStore.ts';
import { LogoMark } from './Logo.tsx';

/** System name, version and copyright from the server's system config. */
export function AboutDialog() {
  const { t } = useTranslation();
  const open = useUi((s) => s.aboutOpen);
  const setUi = useUi((s) => s.set);
  const config = useUser((s) => s.sysConfigInfo);
  return (
    <Modal open={open} width={450} title={t('about.title')} footer={null} onCancel={() => setUi({ aboutOpen: false })}>
      <div className="ma-about-head">
        <LogoMark size={40} />
        <strong>{t('app.name')}</strong>
      </div>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'name', label: t('about.system'), children: config?.sysName || t('app.name') },
          { key: 'version', label: t('about.version'), children: config?.sysVersion || '—' },
          { key: 'copyright', label: t('about.copyright'), children: config?.copyright || '—' },
        ]}
      />
    </Modal>
  );
}
