import { Button, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { reportApi } from '../../../api/report.ts';
import { useView } from '../../../app/shell/ViewContext.ts';
import { titleText } from '../../../app/router/routeMeta.ts';
import { languageOf } from '../../../i18n/index.ts';
import { dateStamp, saveBlob } from '../../permission/shared/download.ts';
import { NS } from '../messages.ts';
import '../messages.ts';
import { ReportView } from './ReportView.tsx';

/**
 * A data report (menu type 5, spec §2.3): the report named by the menu's
 * propertyJson.moduleId (the view's relationId), run with the rules of this
 * menu (its id is sent along).
 */
export default function ReportPage() {
  const { t, i18n } = useTranslation(NS);
  const view = useView();
  const reportId = view?.meta.relationId;
  const menuId = view?.meta.modelId;
  const config = useQuery({
    queryKey: ['report', 'config', reportId, menuId],
    queryFn: async () => (await reportApi.config(reportId!, menuId)).data,
    enabled: !!reportId,
    retry: false,
  });
  const menuTitle = view ? titleText(view.meta.title, languageOf(i18n), (k) => i18n.t(k)) : '';
  if (!reportId) return <Result status="warning" title={t('notConfigured')} />;
  if (config.isLoading) return <Spin style={{ display: 'block', margin: '120px auto' }} data-testid="report-loading" />;
  if (config.isError || !config.data)
    return (
      <Result
        status="warning"
        title={t('loadFailed')}
        subTitle={(config.error as Error | null)?.message}
        extra={
          <Button type="primary" onClick={() => void config.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  const c = config.data;
  const title = menuTitle || c.fullName;
  return (
    <ReportView
      title={title}
      definition={c.definition}
      defaults={c.defaults}
      queryKey={[c.id, menuId]}
      run={async (input) => (await reportApi.run(c.id, { ...input, menuId })).data}
      onExport={async (input) => {
        const res = await reportApi.exportXlsx(c.id, { ...input, menuId });
        saveBlob(res.data, `${title}_${dateStamp()}.xlsx`);
      }}
    />
  );
}
