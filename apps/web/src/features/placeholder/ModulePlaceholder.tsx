import { ToolOutlined } from '@ant-design/icons';
import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useView } from '../../app/shell/ViewContext.ts';
import { useTitle } from '../../app/shell/useNavActions.ts';
import { NS } from './messages.ts';

/**
 * Shown for menu pages whose screen is not implemented yet, and for low-code
 * pages before the engine exists: says so plainly and offers a way on.
 */
export function ModulePlaceholder({ kind }: { kind: 'page' | 'dynamic' }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const view = useView();
  const title = useTitle();
  const name = view ? title(view.meta.title) : '';
  return (
    <div className="ma-page ma-placeholder">
      <Result
        icon={<ToolOutlined style={{ color: 'var(--ma-primary)' }} />}
        title={t('title')}
        subTitle={t(kind, { name })}
        extra={
          <Space>
            <Button type="primary" onClick={() => navigate('/home')}>
              {t('home')}
            </Button>
            <Button onClick={() => navigate(-1)}>{t('back')}</Button>
          </Space>
        }
      />
    </div>
  );
}
