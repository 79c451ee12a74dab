import { useState } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.ts';
import { workflowListsApi } from './api.ts';
import { InstanceList } from './InstanceList.tsx';
import { LaunchableFlows } from './LaunchableFlows.tsx';
import { NS } from './messages.ts';
import { OpinionDialog, type OpinionRequest } from './OpinionDialog.tsx';
import { isFinished } from './status.ts';
import './messages.ts';

/**
 * Launched by me (spec §2.5 flowLaunch): start a flow from the cards, or
 * follow the flows I started: open, withdraw (with an opinion) or urge the
 * current approvers while a flow still waits.
 */
export default function LaunchPage() {
  const { t } = useTranslation(NS);
  const [tab, setTab] = useState('launch');
  const [request, setRequest] = useState<OpinionRequest | null>(null);
  const mine = (
    <InstanceList
      kind="launched"
      testId="wf-launched-list"
      load={workflowListsApi.launched}
      filters={{ status: true }}
      actionsWidth={170}
      rowActions={(r, ctx) => {
        const waiting = !isFinished(r.status);
        return {
          actions: [
            { key: 'open', label: t('open'), code: null, onClick: () => ctx.open(r) },
            {
              key: 'withdraw',
              label: t('withdraw'),
              code: null,
              danger: true,
              disabled: !waiting,
              testId: 'wf-withdraw',
              onClick: () =>
                setRequest({
                  title: t('withdrawTitle'),
                  message: t('withdrawConfirm', { title: r.fullName }),
                  danger: true,
                  run: async (opinion) => {
                    await workflowListsApi.withdraw(r.instanceId, opinion);
                    toast.success(t('withdrawn'));
                    await ctx.refresh();
                  },
                }),
            },
            {
              key: 'urge',
              label: t('urge'),
              code: null,
              disabled: !waiting,
              testId: 'wf-urge',
              onClick: () =>
                void workflowListsApi.urge(r.instanceId).then(
                  () => toast.success(t('urged')),
                  () => undefined,
                ),
            },
          ],
        };
      }}
    >
      {() => <OpinionDialog request={request} onClose={() => setRequest(null)} />}
    </InstanceList>
  );
  return (
    <div className="ma-page wf-launch-page" data-testid="wf-launch-page">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'launch', label: t('tab.launch'), children: <LaunchableFlows /> },
          { key: 'mine', label: t('tab.mine'), children: mine },
        ]}
      />
    </div>
  );
}
