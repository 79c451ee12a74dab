import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Unknown paths land here (spec §2.1). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="ma-fullpage-center">
      <Result
        status="404"
        title="404"
        subTitle={t('notFound.text')}
        extra={
          <Space>
            <Button type="primary" onClick={() => navigate('/home', { replace: true })}>
              {t('notFound.home')}
            </Button>
            <Button onClick={() => navigate(-1)}>{t('notFound.back')}</Button>
          </Space>
        }
      />
    </div>
  );
}
