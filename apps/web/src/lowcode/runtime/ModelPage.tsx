import { Button, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { onlineDevApi } from '../../api/onlineDev.ts';
import { useView } from '../../app/shell/ViewContext.ts';
import { titleText } from '../../app/router/routeMeta.ts';
import { languageOf } from '../../i18n/index.ts';
import { NS } from '../messages.ts';
import { ModelList } from './ModelList.tsx';

/**
 * A model page (menu type 3, spec §2.3): the model named by the menu's
 * propertyJson.moduleId (the view's relationId), its released design read
 * from OnlineDev Config, then the generated list with its form.
 */
export default function ModelPage() {
  const { t, i18n } = useTranslation(NS);
  const view = useView();
  const modelId = view?.meta.relationId;
  const config = useQuery({
    queryKey: ['lowcode', 'config', modelId, view?.meta.modelId],
    queryFn: () => onlineDevApi.config(modelId!, view?.meta.modelId),
    enabled: !!modelId,
    staleTime: 60_000,
    retry: false,
  });
  const menuTitle = view ? titleText(view.meta.title, languageOf(i18n), (k) => i18n.t(k)) : '';

  if (!modelId) return <Result status="warning" title={t('notReleased')} />;
  if (config.isLoading) return <Spin style={{ display: 'block', margin: '120px auto' }} data-testid="lc-loading" />;
  if (config.isError || !config.data)
    return (
      <Result
        status="warning"
        title={t('loadFailed')}
        subTitle={t('notReleased')}
        extra={
          <Button type="primary" onClick={() => void config.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  return <ModelList modelId={modelId} menuId={view?.meta.modelId} config={config.data} title={menuTitle || config.data.fullName} />;
}
