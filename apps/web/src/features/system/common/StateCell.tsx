import { Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/auth/usePermission.ts';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { NS } from '../messages.ts';

export function StateTag({ value }: { value: number }) {
  const { t } = useTranslation(NS);
  return value === 1 ? <Tag color="success">{t('enabled')}</Tag> : <Tag color="error">{t('disabled')}</Tag>;
}

/** Enable/disable: a switch for those who may edit, a tag for the others. */
export function StateCell({ value, onChange, loading }: { value: number; onChange: (next: 0 | 1) => void; loading?: boolean }) {
  const { t } = useTranslation(NS);
  const { hasBtn } = usePermission();
  if (!hasBtn(BUTTON_CODES.edit)) return <StateTag value={value} />;
  return (
    <Switch
      size="small"
      checked={value === 1}
      loading={loading}
      checkedChildren={t('enabled')}
      unCheckedChildren={t('disabled')}
      onChange={(checked) => onChange(checked ? 1 : 0)}
    />
  );
}
