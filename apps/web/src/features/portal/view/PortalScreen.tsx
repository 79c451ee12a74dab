import { HomeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { portalApi } from '../../../api/portal.ts';
import { HttpError } from '../../../api/http.ts';
import { toast } from '../../../app/feedback.ts';
import { NS } from '../messages.ts';
import { PortalGrid } from './PortalGrid.tsx';
import '../messages.ts';

/** The layout of one portal as the caller may see it (GET {id}/auth): 403 and 404 have screens of their own. */
export function usePortalLayout(id: string | undefined) {
  return useQuery({
    queryKey: ['portal', 'auth', id],
    queryFn: async () => (await portalApi.auth(id!)).data,
    enabled: !!id,
    retry: false,
    staleTime: 30_000,
  });
}

/** One portal: its widgets, or why it cannot be shown. `bar` adds controls above the grid. */
export function PortalScreen({ id, bar }: { id: string | undefined; bar?: ReactNode }) {
  const { t } = useTranslation(NS);
  const layout = usePortalLayout(id);
  if (!id || (layout.isError && layout.error instanceof HttpError && layout.error.code === 404)) {
    return <Result status="404" title={t('page.notFound')} />;
  }
  if (layout.isError) {
    const forbidden = layout.error instanceof HttpError && layout.error.code === 403;
    return (
      <Result
        status={forbidden ? '403' : 'error'}
        title={forbidden ? t('page.forbidden') : t('page.error')}
        extra={
          forbidden ? null : (
            <Button onClick={() => void layout.refetch()} loading={layout.isFetching}>
              {t('w.retry')}
            </Button>
          )
        }
      />
    );
  }
  if (!layout.data) return <Spin className="ma-portal-spin" />;
  return (
    <div className="ma-portal-page" data-testid="ma-portal-page">
      <div className="ma-portal-page-bar">
        {bar}
        <SetDefaultButton id={layout.data.id} />
      </div>
      {layout.data.formData.widgets.length ? (
        <PortalGrid definition={layout.data.formData} portalId={layout.data.id} />
      ) : (
        <Empty description={t('page.empty')} />
      )}
    </div>
  );
}

function SetDefaultButton({ id }: { id: string }) {
  const { t } = useTranslation(NS);
  const choice = useQuery({ queryKey: ['portal', 'choice'], queryFn: async () => (await portalApi.choice()).data });
  if (!choice.data || choice.data.defaultId === id) return null;
  return (
    <Button
      size="small"
      icon={<HomeOutlined />}
      onClick={async () => {
        await portalApi.setDefault(id);
        toast.success(t('defaultSet'));
        await choice.refetch();
      }}
    >
      {t('setDefault')}
    </Button>
  );
}
