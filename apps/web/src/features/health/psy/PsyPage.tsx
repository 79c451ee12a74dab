import { useState } from 'react';
import { Alert, Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PSY_WORKLISTS, type PsyWorklist } from '@medalliance/contract';
import { KpiTab } from './KpiTab.tsx';
import { NS } from './messages.ts';
import { PsyTable } from './PsyTable.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import './messages.ts';

type Tab = 'patients' | 'worklists' | 'kpi' | 'settings';

/**
 * Severe-mental-disorder management (menu psychosis_manage; issue 18, M4): the
 * enrolled patients, the five worklists, the indicators by unit with
 * drill-down, and the programme settings, on one screen. Everything comes
 * scoped and masked from the server, which audits every patient record opened.
 */
export default function PsyPage() {
  const { t } = useTranslation(NS);
  const [tab, setTab] = useState<Tab>('patients');
  const [list, setList] = useState<PsyWorklist>('highRisk');
  return (
    <Card size="small" style={{ margin: 12 }} data-testid="psy-screen">
      <Alert type="warning" showIcon banner message={t('restricted')} style={{ marginBottom: 8 }} />
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as Tab)}
        destroyOnHidden
        items={[
          {
            key: 'patients',
            label: <span data-testid="psy-tab-patients">{t('tab.patients')}</span>,
            children: <PsyTable source="patients" />,
          },
          {
            key: 'worklists',
            label: <span data-testid="psy-tab-worklists">{t('tab.worklists')}</span>,
            children: (
              <Tabs
                type="card"
                size="small"
                activeKey={list}
                onChange={(k) => setList(k as PsyWorklist)}
                destroyOnHidden
                items={PSY_WORKLISTS.map((k) => ({
                  key: k,
                  label: <span data-testid={`psy-wl-${k}`}>{t(`wl.${k}`)}</span>,
                  children: <PsyTable source={k} />,
                }))}
              />
            ),
          },
          { key: 'kpi', label: <span data-testid="psy-tab-kpi">{t('tab.kpi')}</span>, children: <KpiTab /> },
          { key: 'settings', label: <span data-testid="psy-tab-settings">{t('tab.settings')}</span>, children: <SettingsTab /> },
        ]}
      />
    </Card>
  );
}
