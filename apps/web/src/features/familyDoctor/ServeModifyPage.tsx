import { useState } from 'react';
import { Button, Card, Drawer, Input, Select, Space, Timeline, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FD_CONTRACT_STATUSES, type FdContractRow } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { fdApi } from './api.ts';
import { ContractActionModal, type ModifyAction } from './ContractActionModal.tsx';
import { fmtTime } from './format.tsx';
import { ContractTable } from './tables.tsx';
import { useList } from './useList.ts';
import { NS } from './messages.ts';
import './messages.ts';

/** 服务变更 (serve_modify): every contract of the scope; renew, terminate with a reason, change team / package; the history. */
export default function ServeModifyPage() {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const meta = useQuery({ queryKey: ['fd', 'meta'], queryFn: async () => (await fdApi.meta()).data });
  const l = useList<FdContractRow>('modify', { status: '', keyword: '' }, fdApi.contracts);
  const [acting, setActing] = useState<{ action: ModifyAction; row: FdContractRow } | null>(null);
  const [history, setHistory] = useState<string | null>(null);
  const events = useQuery({
    queryKey: ['fd', 'contract', history],
    queryFn: async () => (await fdApi.contract(history!)).data,
    enabled: !!history,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['fd'] });
  const canModify = !!meta.data?.rights.modify;
  const confirm = async (id: string) => {
    await fdApi.act(id, 'confirm');
    toast.success(t('ok.done'));
    refresh();
  };
  return (
    <Card data-testid="fd-serve-modify" title={t('title.modify')}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Input.Search allowClear placeholder={t('keyword')} style={{ width: 220 }} onSearch={(keyword) => l.setFilter({ keyword })} />
        <Select
          style={{ width: 140 }}
          value={String(l.filter.status ?? '')}
          onChange={(status) => l.setFilter({ status })}
          data-testid="fd-modify-status"
          options={[{ value: '', label: t('allStatus') }, ...FD_CONTRACT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
        />
      </Space>
      <ContractTable
        {...l}
        reveal={meta.data?.rights.reveal}
        testId="fd-modify-contracts"
        empty={t('empty.contracts')}
        extra={(r) => (
          <Space size={0} wrap>
            {canModify && r.actions.includes('confirm') ? (
              <Button size="small" type="link" onClick={() => void confirm(r.id)}>
                {t('action.confirm')}
              </Button>
            ) : null}
            {canModify
              ? (['renew', 'change', 'terminate'] as const)
                  .filter((a) => r.actions.includes(a))
                  .map((a) => (
                    <Button
                      key={a}
                      size="small"
                      type="link"
                      danger={a === 'terminate'}
                      onClick={() => setActing({ action: a, row: r })}
                      data-testid={`fd-${a}-${r.id}`}
                    >
                      {t(`action.${a}`)}
                    </Button>
                  ))
              : null}
            <Button size="small" type="link" onClick={() => setHistory(r.id)}>
              {t('events')}
            </Button>
          </Space>
        )}
      />
      <ContractActionModal
        action={acting?.action ?? null}
        row={acting?.row ?? null}
        meta={meta.data}
        onClose={() => setActing(null)}
        onDone={refresh}
      />
      <Drawer open={!!history} onClose={() => setHistory(null)} title={t('events')} width={420}>
        <Timeline
          items={(events.data?.events ?? []).map((e) => ({
            children: (
              <div>
                <div>
                  {t(`action.${e.action === 'sign' ? 'sign' : e.action}`)} → {t(`status.${e.toStatus}`)}
                  {e.reason ? (
                    <Typography.Text type="secondary">
                      {' '}
                      · {/^\d\d/.test(e.reason) ? t(`reason.${e.reason.slice(0, 2)}`) + e.reason.slice(2) : e.reason}
                    </Typography.Text>
                  ) : null}
                </div>
                <Typography.Text type="secondary">
                  {fmtTime(e.at)} · {e.userName ?? ''}
                </Typography.Text>
              </div>
            ),
          }))}
        />
      </Drawer>
    </Card>
  );
}
