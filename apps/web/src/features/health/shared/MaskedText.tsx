import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { HEALTH_SHARED_NS } from './messages.ts';
import './messages.ts';

/**
 * A personal value as the server sent it: masked (ID 6+4, phone 3+4, name
 * surname+*) unless revealed. `revealed` replaces it once the caller revealed
 * the record (with a reason, audited on the server).
 */
export function MaskedText({ value, revealed, testId }: { value: string | null | undefined; revealed?: string | null; testId?: string }) {
  const { t } = useTranslation(HEALTH_SHARED_NS);
  if (revealed !== undefined && revealed !== null) return <span data-testid={testId}>{revealed}</span>;
  if (!value)
    return (
      <Typography.Text type="secondary" data-testid={testId}>
        —
      </Typography.Text>
    );
  const masked = value.includes('*');
  return masked ? (
    <Tooltip title={t('masked')}>
      <span data-testid={testId} className="health-masked">
        {value}
      </span>
    </Tooltip>
  ) : (
    <span data-testid={testId}>{value}</span>
  );
}
