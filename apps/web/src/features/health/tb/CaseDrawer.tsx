import { Button, Descriptions, Drawer, Popconfirm, Space, Table, Tag, Timeline } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.ts';
import { MaskedText } from '../shared/MaskedText.tsx';
import { fmtDate, fmtTime } from '../chronic/format.ts';
import { tbApi, type TbHistory } from './api.ts';
import { NS } from './messages.ts';

const PLAN_COLOR: Record<string, string> = { due: 'blue', overdue: 'red', visited: 'green', upcoming: 'default' };

/** One case: its facts, the state history (who / when), the follow-up plans, and the switch to the continuation phase. */
export function CaseDrawer({ caseId, onClose, onChanged }: { caseId: string; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation(NS);
  const q = useQuery({ queryKey: ['healthTb', 'case', caseId], queryFn: async () => (await tbApi.caseDetail(caseId)).data });
  const c = q.data;
  const value = (h: TbHistory, v: string | null) =>
    v === null ? '—' : h.field === 'state' ? t(`state.${v}`) : h.field === 'phase' ? t(`phase.${v}`) : v;
  const intensive = !!c && c.state === 1 && c.intensiveEnd !== null && c.intensiveEnd > Date.now();
  const switchPhase = async () => {
    await tbApi.continuation(caseId);
    toast.success(t('saved'));
    void q.refetch();
    onChanged();
  };
  return (
    <Drawer open width={760} title={c ? `${t('caseTitle')} - ${c.fullName}` : t('caseTitle')} onClose={onClose} destroyOnHidden>
      {c && (
        <div data-testid="tb-case">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('name')}>
              <MaskedText value={c.fullName} />
            </Descriptions.Item>
            <Descriptions.Item label={t('idNumber')}>
              <MaskedText value={c.idNumber} />
            </Descriptions.Item>
            <Descriptions.Item label={t('state')}>
              <Tag data-testid="tb-case-state">
                {t(`state.${c.state}`)}
                {c.closeReason ? ` · ${t(`reason.${c.closeReason}`)}` : ''}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('patientType')}>{t(`type.${c.patientType}`)}</Descriptions.Item>
            <Descriptions.Item label={t('notifiedAt')}>{fmtTime(c.notifiedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('notifyOrg')}>{c.notifyOrg}</Descriptions.Item>
            <Descriptions.Item label={t('firstVisitAt')}>{fmtTime(c.firstVisitAt) || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('intensiveEnd')}>{fmtDate(c.intensiveEnd) || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('courseEnd')}>{fmtDate(c.courseEnd) || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('adherence')}>
              {c.adherenceRate === null ? '—' : `${c.adherenceRate}%（${c.dosesTaken}/${c.dosesDue}）`}
            </Descriptions.Item>
            <Descriptions.Item label={t('visitRate')}>
              {c.visitRate === null ? '—' : `${c.visitRate}%（${c.visitsMade}/${c.visitsDue}）`}
            </Descriptions.Item>
          </Descriptions>
          {intensive && (
            <Space style={{ marginTop: 12 }}>
              <Popconfirm title={t('toContinuationConfirm')} onConfirm={() => void switchPhase()} okText={t('ok')} cancelText={t('cancel')}>
                <Button data-testid="tb-continuation">{t('toContinuation')}</Button>
              </Popconfirm>
            </Space>
          )}
          <h4 style={{ marginTop: 16 }}>{t('history')}</h4>
          <Timeline
            items={c.history.map((h) => ({
              children: (
                <span>
                  {fmtTime(h.at)} {t(`field.${h.field}`, { defaultValue: h.field })}：{value(h, h.oldValue)} → {value(h, h.newValue)}
                  {h.reason ? `（${h.reason}）` : ''} {h.realName ?? ''}
                </span>
              ),
            }))}
          />
          <h4>{t('plans')}</h4>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={[...c.plans].sort((a, b) => a.planDate - b.planDate)}
            columns={[
              { title: t('planDate'), key: 'd', render: (_, p) => fmtDate(p.planDate) },
              { title: t('phase'), key: 'k', render: (_, p) => t(p.kind === 'tbInt' ? 'phase.1' : 'phase.2') },
              { title: t('window'), key: 'w', render: (_, p) => `${fmtDate(p.windowStart)} ~ ${fmtDate(p.windowEnd)}` },
              { title: t('state'), key: 's', render: (_, p) => <Tag color={PLAN_COLOR[p.state]}>{t(`plan.${p.state}`)}</Tag> },
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}
