import { useState } from 'react';
import { Button, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMAGING_TRANSITIONS, type ImagingAction, type ImagingCentre, type ImagingStudyRow } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { ActionDialog, ASKING, DANGER } from './ActionDialog.tsx';
import { imagingApi, type ActionBody } from './api.ts';
import { NS } from './messages.ts';
import './messages.ts';

/**
 * A worklist row's own buttons (领取, 分诊, 初审合格, 退回补传, 发布 …) for the
 * actions the row's state allows; the server decides whether this caller may
 * (a refusal shows its message). `version` goes along, so of two readers
 * taking the same study one wins and the other is told it changed.
 */
export function QuickActions({
  centre,
  row,
  actions,
  onOpen,
}: {
  centre: ImagingCentre;
  row: ImagingStudyRow;
  actions: ImagingAction[];
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [asking, setAsking] = useState<ImagingAction | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: ImagingAction, body: ActionBody = {}) => {
    setBusy(true);
    try {
      await imagingApi(centre).act(row.id, action, { ...body, version: row.version });
      setAsking(null);
      toast.success(t('done'));
      if (action === 'take') onOpen(row.id);
    } finally {
      setBusy(false);
      await qc.invalidateQueries({ queryKey: ['imaging', centre] });
    }
  };
  const fitting = actions.filter((a) => IMAGING_TRANSITIONS[a].from.includes(row.status));
  return (
    <Space size={4} wrap>
      {fitting.map((a) => (
        <Button
          key={a}
          size="small"
          type={DANGER.has(a) ? 'default' : 'primary'}
          danger={DANGER.has(a)}
          ghost={!DANGER.has(a)}
          loading={busy && !asking}
          onClick={() => (ASKING.has(a) ? setAsking(a) : void run(a).catch(() => undefined))}
          data-testid={`img-row-${a}-${row.id}`}
        >
          {t(`action.${a}`)}
        </Button>
      ))}
      <Button size="small" onClick={() => onOpen(row.id)} data-testid={`img-row-open-${row.id}`}>
        {t('open')}
      </Button>
      <ActionDialog
        centre={centre}
        action={asking}
        exclude={asking === 'sendAudit' ? row.readerId : null}
        busy={busy}
        onCancel={() => setAsking(null)}
        onRun={(b) => run(asking!, b).catch(() => undefined)}
      />
    </Space>
  );
}
