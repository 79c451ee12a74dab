import { useState } from 'react';
import { Button, Card, Empty, Input, Result, Spin } from 'antd';
import { ApartmentOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FlowLinkType, flowDetailPath } from '@medalliance/contract';
import { workflowListsApi } from './api.ts';
import { groupByCategory } from './filters.ts';
import { NS } from './messages.ts';

/**
 * The flows I may start, as cards grouped by category, with a name search;
 * a card opens the flow's empty start form on the detail page.
 */
export function LaunchableFlows() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const flows = useQuery({
    queryKey: ['workflow', 'launchable', keyword],
    queryFn: async () => (await workflowListsApi.launchable(keyword)).data.list,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const groups = groupByCategory(flows.data ?? []);

  let body;
  if (flows.isError)
    body = (
      <Result
        status="warning"
        title={t('loadFailed')}
        subTitle={(flows.error as Error | null)?.message}
        extra={<Button onClick={() => void flows.refetch()}>{t('retry')}</Button>}
      />
    );
  else if (flows.isLoading) body = <Spin style={{ margin: '48px auto' }} />;
  else if (!groups.length) body = <Empty description={t('noLaunchable')} data-testid="wf-launch-empty" />;
  else
    body = groups.map(([category, list]) => (
      <section key={category} className="wf-launch-group">
        <h4>{category || t('uncategorized')}</h4>
        <div className="wf-launch-grid">
          {list.map((f) => (
            <Card
              key={f.id}
              size="small"
              hoverable
              className="wf-launch-card"
              data-testid="wf-launch-card"
              onClick={() => void navigate(flowDetailPath({ type: FlowLinkType.launch, flowId: f.id }))}
            >
              <Card.Meta
                avatar={<ApartmentOutlined style={{ fontSize: 24, color: 'var(--ant-color-primary)' }} />}
                title={f.fullName}
                description={f.description || f.enCode}
              />
            </Card>
          ))}
        </div>
      </section>
    ));

  return (
    <div className="wf-launch" data-testid="wf-launchable">
      <div className="wf-launch-head">
        <Input.Search
          allowClear
          style={{ width: 280 }}
          placeholder={t('searchFlows')}
          aria-label={t('searchFlows')}
          data-testid="wf-launch-search"
          onSearch={(v) => setKeyword(v.trim())}
          loading={flows.isFetching}
        />
        <Button type="text" icon={<ReloadOutlined />} aria-label={t('refresh')} onClick={() => void flows.refetch()} />
      </div>
      {body}
    </div>
  );
}
