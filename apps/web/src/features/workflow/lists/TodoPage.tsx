import { useState } from 'react';
import { App, Button, Space, Typography } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.ts';
import { formatTime } from '../../permission/shared/formatTime.ts';
import { workflowListsApi, type BatchOutcome, type FlowRow } from './api.ts';
import { InstanceList, type ListContext } from './InstanceList.tsx';
import { NS } from './messages.ts';
import { OpinionDialog, type OpinionRequest } from './OpinionDialog.tsx';
import './messages.ts';

/**
 * My to-do (spec §2.5 flowTodo): waiting tasks, mine or entrusted to me,
 * each opening the detail page on its task; tick several to approve or
 * reject them at once, with one opinion, and see which ones did not go through.
 */
export default function TodoPage() {
  const { t } = useTranslation(NS);
  const { modal } = App.useApp();
  const [request, setRequest] = useState<OpinionRequest | null>(null);

  const report = (outcome: BatchOutcome, rows: FlowRow[]) => {
    if (!outcome.failed.length) return toast.success(t('batchDone', { done: outcome.done }));
    const title = (id: string) => rows.find((r) => r.id === id)?.fullName ?? id;
    modal.warning({
      title: t('batchPartial', { done: outcome.done, failed: outcome.failed.length }),
      okText: t('ok'),
      content: (
        <>
          <Typography.Text type="secondary">{t('batchFailedTitle')}</Typography.Text>
          <ul className="wf-batch-failed" data-testid="wf-batch-failed">
            {outcome.failed.map((f) => (
              <li key={f.id}>
                {title(f.id)}: {f.msg}
              </li>
            ))}
          </ul>
        </>
      ),
    });
  };

  const batch = (ctx: ListContext, action: 'approve' | 'reject') => {
    const rows = ctx.selected;
    setRequest({
      title: t(action === 'approve' ? 'batchApproveTitle' : 'batchRejectTitle'),
      message: t('batchConfirm', { count: rows.length }),
      danger: action === 'reject',
      run: async (opinion) => {
        const outcome = (
          await workflowListsApi.batch(
            rows.map((r) => r.id),
            action,
            opinion,
          )
        ).data;
        ctx.clearSelection();
        await ctx.refresh();
        report(outcome, rows);
      },
    });
  };

  return (
    <InstanceList
      kind="todo"
      testId="wf-todo-page"
      load={workflowListsApi.todo}
      filters={{ status: false }}
      selectable={() => true}
      extraColumns={[
        { title: t('col.receivedAt'), dataIndex: 'creatorTime', width: 140, sorter: true, render: (v: number) => formatTime(v) },
      ]}
      rowActions={(r, ctx) => ({
        actions: [{ key: 'handle', label: t('handle'), code: null, testId: 'wf-handle', onClick: () => ctx.open(r) }],
      })}
      actionsWidth={90}
      toolbar={(ctx) => (
        <Space>
          {ctx.selected.length > 0 && <Typography.Text type="secondary">{t('selected', { count: ctx.selected.length })}</Typography.Text>}
          <Button
            type="primary"
            icon={<CheckOutlined />}
            disabled={!ctx.selected.length}
            onClick={() => batch(ctx, 'approve')}
            data-testid="wf-batch-approve"
          >
            {t('batchApprove')}
          </Button>
          <Button
            danger
            icon={<CloseOutlined />}
            disabled={!ctx.selected.length}
            onClick={() => batch(ctx, 'reject')}
            data-testid="wf-batch-reject"
          >
            {t('batchReject')}
          </Button>
        </Space>
      )}
    >
      {() => <OpinionDialog request={request} onClose={() => setRequest(null)} />}
    </InstanceList>
  );
}
