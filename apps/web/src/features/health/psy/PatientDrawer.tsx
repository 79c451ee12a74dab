import { Descriptions, Drawer, Spin, Table, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MaskedText } from '../shared/MaskedText.tsx';
import { fmtDate, fmtTime } from '../chronic/format.ts';
import { psyApi, type PlanInfo, type PsyRow, type VisitInfo } from './api.ts';
import { classTag, riskTag, stateTag } from './labels.tsx';
import { NS } from './messages.ts';

/** A patient's record: enrolment, plans, visits and changes. The server audits opening it (and the visit list). */
export function PatientDrawer({ row, onClose }: { row: PsyRow; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const detail = useQuery({
    queryKey: ['healthPsy', 'record', row.enrolmentId],
    queryFn: async () => (await psyApi.enrolment(row.enrolmentId)).data,
  });
  const visits = useQuery({
    queryKey: ['healthPsy', 'visits', row.enrolmentId],
    queryFn: async () => (await psyApi.visits(row.enrolmentId)).data.list,
  });
  const d = detail.data;
  return (
    <Drawer open width={820} onClose={onClose} title={`${t('recordTitle')} - ${row.fullName}`} destroyOnHidden data-testid="psy-drawer">
      {!d ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <>
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('name')}>
              <MaskedText value={row.fullName} />
            </Descriptions.Item>
            <Descriptions.Item label={t('idNumber')}>
              <MaskedText value={row.idNumber} />
            </Descriptions.Item>
            <Descriptions.Item label={t('diagnosis')}>{row.diagnosisName ?? d.diagnosis}</Descriptions.Item>
            <Descriptions.Item label={t('diagnosedAt')}>{fmtDate(d.diagnosedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('guardian')}>
              <MaskedText value={row.guardianName} /> {row.guardianRelation ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('guardianPhone')}>
              <MaskedText value={row.guardianPhone} />
            </Descriptions.Item>
            <Descriptions.Item label={t('org')}>{row.orgName}</Descriptions.Item>
            <Descriptions.Item label={t('doctor')}>{row.doctorName}</Descriptions.Item>
            <Descriptions.Item label={t('enrolledAt')}>{fmtDate(d.enrolledAt)}</Descriptions.Item>
            <Descriptions.Item label={t('outcome')}>
              {t(`outcome.${d.outcome}`)}
              {d.outcomeReason ? `（${d.outcomeReason}）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('lastClass')}>{classTag(t, d.lastClassification)}</Descriptions.Item>
            <Descriptions.Item label={t('risk')}>{riskTag(t, d.lastRiskLevel)}</Descriptions.Item>
          </Descriptions>
          <Tabs
            items={[
              {
                key: 'plans',
                label: t('plans'),
                children: (
                  <Table<PlanInfo>
                    data-testid="psy-plans"
                    rowKey="id"
                    size="small"
                    pagination={{ pageSize: 8 }}
                    dataSource={d.plans}
                    columns={[
                      {
                        title: t('planKind'),
                        key: 'kind',
                        render: (_, p) => <span data-testid={`psy-plan-${p.kind}`}>{t(`kind.${p.kind}`)}</span>,
                      },
                      {
                        title: t('planDate'),
                        key: 'date',
                        render: (_, p) => <span data-testid="psy-plan-date">{fmtDate(p.planDate)}</span>,
                      },
                      { title: t('window'), key: 'window', render: (_, p) => `${fmtDate(p.windowStart)} ~ ${fmtDate(p.windowEnd)}` },
                      { title: t('state'), key: 'state', render: (_, p) => stateTag(t, p.state) },
                    ]}
                  />
                ),
              },
              {
                key: 'visits',
                label: t('visits'),
                children: (
                  <Table<VisitInfo>
                    rowKey="id"
                    size="small"
                    loading={visits.isFetching}
                    pagination={{ pageSize: 8 }}
                    dataSource={visits.data ?? []}
                    columns={[
                      { title: t('visitDate'), key: 'date', render: (_, v) => fmtDate(v.visitDate) },
                      { title: t('risk'), key: 'risk', render: (_, v) => riskTag(t, v.riskLevel) },
                      { title: t('insight'), key: 'insight', render: (_, v) => (v.insight ? t(`insight.${v.insight}`) : '—') },
                      { title: t('classification'), key: 'class', render: (_, v) => classTag(t, v.classification) },
                      { title: t('overrideReason'), dataIndex: 'overrideReason', key: 'reason', ellipsis: true },
                      { title: t('nextVisit'), key: 'next', render: (_, v) => fmtDate(v.nextVisitDate) },
                      { title: t('doctor'), dataIndex: 'doctorName', key: 'doctor' },
                    ]}
                  />
                ),
              },
              {
                key: 'history',
                label: t('history'),
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={d.history}
                    columns={[
                      { title: t('changedAt'), dataIndex: 'at', key: 'at', render: (v: number) => fmtTime(v) },
                      { title: t('field'), dataIndex: 'field', key: 'field', render: (f: string) => t(`field.${f}`, { defaultValue: f }) },
                      { title: '→', key: 'change', render: (_: unknown, h) => `${h.oldValue ?? '—'} → ${h.newValue ?? '—'}` },
                      { title: t('reason'), dataIndex: 'reason', key: 'reason' },
                    ]}
                  />
                ),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
