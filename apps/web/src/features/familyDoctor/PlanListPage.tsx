import { Button, Card, DatePicker, Input, Popconfirm, Select, Space, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FD_TASK_STATUSES, type FdTaskRow } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { fdApi } from './api.ts';
import { utcDay } from './format.tsx';
import { TaskTable } from './tables.tsx';
import { useList } from './useList.ts';
import { NS } from './messages.ts';
import './messages.ts';

/** 服务计划 (plan_list): tasks by resident / contract, state and due date; an open task can be marked 失访 or 未访. */
export default function PlanListPage() {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const meta = useQuery({ queryKey: ['fd', 'meta'], queryFn: async () => (await fdApi.meta()).data });
  // 服务计划 of one contract when opened from a contract list (?contractId=).
  const [params, setParams] = useSearchParams();
  const contractId = params.get('contractId') ?? undefined;
  const l = useList<FdTaskRow>('tasks', { status: '', keyword: '', contractId }, fdApi.tasks);
  const mark = async (id: string, status: '2' | '3') => {
    await fdApi.markTask(id, status);
    toast.success(t('ok.done'));
    void qc.invalidateQueries({ queryKey: ['fd'] });
  };
  const canMark = !!meta.data?.rights.plans;
  return (
    <Card data-testid="fd-plan-list" title={t('title.plan')}>
      <Space wrap style={{ marginBottom: 8 }}>
        {l.filter.contractId ? (
          <Tag closable color="blue" data-testid="fd-plan-contract" onClose={() => (l.setFilter({ contractId: undefined }), setParams({}))}>
            {t('f.contract')}：{l.data?.list[0]?.contractNo ?? l.filter.contractId}
          </Tag>
        ) : null}
        <Input.Search
          allowClear
          placeholder={t('keywordName')}
          style={{ width: 200 }}
          onSearch={(keyword) => l.setFilter({ keyword })}
          data-testid="fd-plan-keyword"
        />
        <Select
          style={{ width: 130 }}
          value={String(l.filter.status ?? '')}
          onChange={(status) => l.setFilter({ status })}
          data-testid="fd-plan-status"
          options={[{ value: '', label: t('allStatus') }, ...FD_TASK_STATUSES.map((s) => ({ value: s, label: t(`task.${s}`) }))]}
        />
        <DatePicker.RangePicker
          placeholder={[t('dueRange'), t('dueRange')]}
          onChange={(v) =>
            l.setFilter({
              dueFrom: v?.[0] ? utcDay(v[0]) : undefined,
              dueTo: v?.[1] ? utcDay(v[1]) : undefined,
            })
          }
        />
      </Space>
      <TaskTable
        {...l}
        reveal={meta.data?.rights.reveal}
        testId="fd-tasks"
        empty={t('empty.tasks')}
        extra={(r) =>
          canMark && r.status === '0' ? (
            <Space size={0}>
              {(['2', '3'] as const).map((s) => (
                <Popconfirm
                  key={s}
                  title={t('confirm.mark', { s: t(`task.${s}`) })}
                  okText={t('action.save')}
                  cancelText={t('action.cancel')}
                  onConfirm={() => mark(r.id, s)}
                >
                  <Button size="small" type="link" data-testid={`fd-mark-${s}-${r.id}`}>
                    {t(`action.mark${s}`)}
                  </Button>
                </Popconfirm>
              ))}
            </Space>
          ) : null
        }
      />
    </Card>
  );
}
