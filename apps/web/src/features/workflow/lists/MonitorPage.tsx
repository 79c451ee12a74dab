import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.ts';
import { useListConfirm } from '../../../components/listPage/index.ts';
import { workflowListsApi, type FlowRow } from './api.ts';
import { AssignDialog } from './AssignDialog.tsx';
import { InstanceList, look, type ListContext } from './InstanceList.tsx';
import { NS } from './messages.ts';
import { OpinionDialog, type OpinionRequest } from './OpinionDialog.tsx';
import { isFinished } from './status.ts';
import './messages.ts';

/**
 * The flow monitor (spec §2.5 flowMonitor, administrators): every instance,
 * filtered also by starter. A waiting flow can be cancelled (with an
 * opinion), a node reassigned, the flow suspended and restored; finished
 * flows can be deleted, one or several at a time.
 */
export default function MonitorPage() {
  const { t } = useTranslation(NS);
  const confirm = useListConfirm(look);
  const [request, setRequest] = useState<OpinionRequest | null>(null);
  const [assigning, setAssigning] = useState<FlowRow | null>(null);

  const removeFinished = (ctx: ListContext, rows: FlowRow[]) =>
    confirm(t('deleteFinishedConfirm', { count: rows.length }), async () => {
      await workflowListsApi.removeFinished(rows.map((r) => r.instanceId || r.id));
      toast.success(t('deleted'));
      ctx.clearSelection();
      await ctx.refresh();
    });

  const suspendOrRestore = (ctx: ListContext, r: FlowRow) => {
    const restore = !!r.suspended;
    confirm(
      t(restore ? 'restoreConfirm' : 'suspendConfirm', { title: r.fullName }),
      async () => {
        await (restore ? workflowListsApi.restore(r.instanceId) : workflowListsApi.suspend(r.instanceId));
        toast.success(t(restore ? 'restoreDone' : 'suspendDone'));
        await ctx.refresh();
      },
      !restore,
    );
  };

  return (
    <InstanceList
      kind="monitor"
      testId="wf-monitor-page"
      load={workflowListsApi.monitor}
      filters={{ status: true, starter: true }}
      selectable={(r) => isFinished(r.status)}
      actionsWidth={200}
      rowActions={(r, ctx) => {
        const waiting = !isFinished(r.status);
        return {
          actions: [
            { key: 'open', label: t('open'), code: null, onClick: () => ctx.open(r) },
            {
              key: 'cancelFlow',
              label: t('cancelFlow'),
              code: null,
              danger: true,
              disabled: !waiting,
              testId: 'wf-cancel',
              onClick: () =>
                setRequest({
                  title: t('cancelTitle'),
                  message: t('cancelConfirm', { title: r.fullName }),
                  danger: true,
                  run: async (opinion) => {
                    await workflowListsApi.cancel(r.instanceId, opinion);
                    toast.success(t('cancelled'));
                    await ctx.refresh();
                  },
                }),
            },
            {
              key: 'assign',
              label: t('assign'),
              code: null,
              disabled: !waiting,
              testId: 'wf-assign',
              onClick: () => setAssigning(r),
            },
          ],
          more: waiting
            ? [{ key: 'suspend', label: t(r.suspended ? 'restore' : 'suspend'), code: null, onClick: () => suspendOrRestore(ctx, r) }]
            : [{ key: 'delete', label: t('deleteFinished'), code: null, danger: true, onClick: () => removeFinished(ctx, [r]) }],
        };
      }}
      toolbar={(ctx) => (
        <Tooltip title={t('onlyFinished')}>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={!ctx.selected.length}
            onClick={() => removeFinished(ctx, ctx.selected)}
            data-testid="wf-monitor-delete"
          >
            {t('deleteFinished')}
          </Button>
        </Tooltip>
      )}
    >
      {(ctx) => (
        <>
          <OpinionDialog request={request} onClose={() => setRequest(null)} />
          <AssignDialog row={assigning} onClose={() => setAssigning(null)} onDone={ctx.refresh} />
        </>
      )}
    </InstanceList>
  );
}
