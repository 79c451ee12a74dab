import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../api/http.ts';
import { NS } from './messages.ts';

/** A failed load: the server's message (403, 404, 400 name what went wrong) and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(NS);
  const status = error instanceof HttpError && (error.code === 403 || error.code === 404) ? (String(error.code) as '403' | '404') : 'error';
  return (
    <Result
      status={status}
      title={t('loadFailed')}
      subTitle={error instanceof Error ? error.message : undefined}
      extra={<Button onClick={onRetry}>{t('retry')}</Button>}
      data-testid="wfd-load-error"
    />
  );
}
