import { useState } from 'react';
import { Card, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fdApi } from '../teams/api.ts';
import { ItemList } from './ItemList.tsx';
import { PackageList } from './PackageList.tsx';
import { NS } from './messages.ts';
import './messages.ts';
import '../teams/teams.css';

/** 服务项目与服务包 (fd_package): packages and the service items they are made of. */
export default function PackagesPage() {
  const { t } = useTranslation(NS);
  const [tab, setTab] = useState('packages');
  const meta = useQuery({ queryKey: ['fdCatalog', 'meta'], queryFn: async () => (await fdApi.catalogMeta()).data });
  const rights = meta.data?.rights ?? { add: false, edit: false, remove: false };
  return (
    <Card className="fd-screen" data-testid="fd-package-page">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'packages', label: t('tab.packages'), children: tab === 'packages' ? <PackageList rights={rights} /> : null },
          {
            key: 'items',
            label: <span data-testid="fd-tab-items">{t('tab.items')}</span>,
            children: tab === 'items' ? <ItemList rights={rights} /> : null,
          },
        ]}
      />
    </Card>
  );
}
