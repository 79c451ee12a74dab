import { useState } from 'react';
import { Button, Space, Table, Tag, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MaskedText } from '../health/shared/MaskedText.tsx';
import { referralApi, type FlaggedPatient } from './api.ts';
import { ApplyModal, type ApplyPreset } from './ApplyModal.tsx';
import { fmtDate } from './format.ts';
import { WorklistTabs } from './WorklistTabs.tsx';
import { NS } from './messages.ts';
import './messages.ts';

/**
 * 转诊申请 (referral_apply): my applications, the patients flagged 需转诊 /
 * 紧急转诊 by a hypertension or diabetes follow-up (one click prefills a
 * referral from the latest visit), the two-week follow-ups after completed
 * up-referrals; new up- and down-referrals.
 */
export default function ApplyPage() {
  const { t } = useTranslation(NS);
  const meta = useQuery({ queryKey: ['referral', 'meta'], queryFn: async () => (await referralApi.meta()).data });
  const flagged = useQuery({
    queryKey: ['referral', 'flagged'],
    queryFn: async () => (await referralApi.flagged()).data.list,
    enabled: !!meta.data?.rights.apply,
  });
  const [preset, setPreset] = useState<ApplyPreset | null>(null);
  const tier = meta.data?.tier ?? 0;

  const start = async (p: FlaggedPatient) => {
    const prefill = (await referralApi.prefill(p.residentId)).data;
    setPreset({ direction: '1', prefill, patient: { id: p.residentId, fullName: p.fullName } });
  };

  const flaggedTable = (
    <Table<FlaggedPatient>
      rowKey="enrolmentId"
      size="small"
      data-testid="referral-flagged-table"
      loading={flagged.isFetching}
      dataSource={flagged.data ?? []}
      pagination={{ pageSize: 20 }}
      columns={[
        { title: t('col.patient'), dataIndex: 'fullName', render: (v: string) => <MaskedText value={v} /> },
        { title: t('col.idNumber'), dataIndex: 'idNumber', render: (v: string) => <MaskedText value={v} /> },
        { title: t('flagged.programme'), dataIndex: 'programme', render: (v: string) => t(`prog.${v}`) },
        {
          title: t('flagged.flag'),
          dataIndex: 'referralFlag',
          render: (v: number) => <Tag color={v === 2 ? 'red' : 'orange'}>{t(`flag.${v}`)}</Tag>,
        },
        { title: t('flagged.lastVisit'), dataIndex: 'lastVisitAt', render: (v: number | null) => fmtDate(v) },
        { title: t('flagged.org'), dataIndex: 'orgName' },
        {
          title: t('col.op'),
          key: 'op',
          render: (_: unknown, r) =>
            r.openReferrals ? (
              <Tooltip title={t('flagged.open')}>
                <Tag>{t('flagged.open')}</Tag>
              </Tooltip>
            ) : (
              <Button size="small" type="primary" onClick={() => void start(r)} data-testid={`referral-start-${r.residentId}`}>
                {t('flagged.start')}
              </Button>
            ),
        },
      ]}
    />
  );

  return (
    <>
      <WorklistTabs
        testId="referral-apply"
        lists={['mine', 'afterReferral']}
        extraTabs={
          meta.data?.rights.apply
            ? [
                {
                  key: 'flagged',
                  label: t('wl.flagged'),
                  count: flagged.data?.filter((f) => !f.openReferrals).length,
                  content: flaggedTable,
                },
              ]
            : []
        }
        toolbar={
          meta.data?.rights.apply ? (
            <Space>
              {tier > 0 && tier < 3 ? (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setPreset({ direction: '1' })} data-testid="referral-new-up">
                  {t('newUp')}
                </Button>
              ) : null}
              {tier > 1 ? (
                <Button icon={<PlusOutlined />} onClick={() => setPreset({ direction: '2' })} data-testid="referral-new-down">
                  {t('newDown')}
                </Button>
              ) : null}
            </Space>
          ) : null
        }
      />
      <ApplyModal preset={preset} onClose={() => setPreset(null)} />
    </>
  );
}
