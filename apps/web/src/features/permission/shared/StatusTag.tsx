import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../messages.ts';

export function StatusTag({ enabled }: { enabled: boolean | number }) {
  const { t } = useTranslation(NS);
  return enabled ? <Tag color="success">{t('common.enabled')}</Tag> : <Tag color="error">{t('common.disabled')}</Tag>;
}
