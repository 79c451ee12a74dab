import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUi } from '../stores/uiStore.ts';

/** Official statement (spec §1): the data shown are fictitious test data. */
export function StatementDialog() {
  const { t } = useTranslation();
  const open = useUi((s) => s.statementOpen);
  const setUi = useUi((s) => s.set);
  const close = () => setUi({ statementOpen: false });
  return (
    <Modal
      open={open}
      width={450}
      title={
        <span className="ma-dialog-title">
          <SafetyCertificateOutlined /> {t('statement.title')}
        </span>
      }
      onCancel={close}
      footer={
        <Button type="primary" onClick={close} autoFocus>
          {t('statement.ok')}
        </Button>
      }
    >
      <div className="ma-statement">
        <p>{t('statement.body1')}</p>
        <p>
          <strong>{t('statement.body2')}</strong>
        </p>
        <p>{t('statement.body3')}</p>
      </div>
    </Modal>
  );
}
