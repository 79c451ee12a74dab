import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Placeholder while a page's code or first data loads. */
export function PageLoading({ tip }: { tip?: string }) {
  const { t } = useTranslation();
  return (
    <div className="ma-page-loading" role="status" aria-live="polite">
      <Spin />
      <span>{tip ?? t('common.loading')}</span>
    </div>
  );
}
