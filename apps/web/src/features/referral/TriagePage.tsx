import { useState } from 'react';
import { Button, Form, Modal, Select, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReferralRow } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { referralApi } from './api.ts';
import { WorklistTabs } from './WorklistTabs.tsx';
import { NS } from './messages.ts';
import './messages.ts';

/** 分诊中心 (triage_center): incoming up-referrals to the county hospitals, unassigned first; assign the department and doctor. */
export default function TriagePage() {
  const { t } = useTranslation(NS);
  const [row, setRow] = useState<ReferralRow | null>(null);
  return (
    <>
      <WorklistTabs
        testId="referral-triage"
        lists={['triage', 'toReceive', 'breached']}
        extra={(r) =>
          r.toDeptName ? (
            <Button size="small" onClick={() => setRow(r)}>
              {r.toDoctorName ? `${r.toDeptName} / ${r.toDoctorName}` : r.toDeptName}
            </Button>
          ) : (
            <Button size="small" type="primary" onClick={() => setRow(r)} data-testid={`referral-triage-${r.id}`}>
              {t('triage.assign')}{' '}
              <Tag color="orange" style={{ marginLeft: 4, marginRight: 0 }}>
                {t('triage.unassigned')}
              </Tag>
            </Button>
          )
        }
      />
      <AssignModal row={row} onClose={() => setRow(null)} />
    </>
  );
}

function AssignModal({ row, onClose }: { row: ReferralRow | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [form] = Form.useForm<{ deptId: string; doctorId?: string }>();
  const [busy, setBusy] = useState(false);
  const units = useQuery({
    queryKey: ['referral', 'units', '1'],
    queryFn: async () => (await referralApi.units('1')).data.list,
    enabled: !!row,
  });
  const doctors = useQuery({
    queryKey: ['referral', 'doctors', row?.toUnitId],
    queryFn: async () => (await referralApi.doctors(row!.toUnitId)).data.list,
    enabled: !!row,
  });
  const deptId = Form.useWatch('deptId', form);
  const depts = units.data?.find((u) => u.id === row?.toUnitId)?.departments ?? [];
  return (
    <Modal
      open={!!row}
      title={t('triage.assign')}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        setBusy(true);
        try {
          await referralApi.triage(row!.id, v.deptId, v.doctorId ?? null);
          toast.success(t('detail.done'));
          await qc.invalidateQueries({ queryKey: ['referral'] });
          onClose();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="deptId" label={t('triage.dept')} rules={[{ required: true, message: t('form.required') }]}>
          <Select
            options={depts.map((d) => ({ value: d.id, label: d.name }))}
            data-testid="referral-triage-dept"
            onChange={() => form.setFieldValue('doctorId', undefined)}
          />
        </Form.Item>
        <Form.Item name="doctorId" label={t('triage.doctor')}>
          <Select
            allowClear
            options={(doctors.data ?? []).filter((d) => !deptId || d.deptId === deptId).map((d) => ({ value: d.id, label: d.realName }))}
            data-testid="referral-triage-doctor"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
