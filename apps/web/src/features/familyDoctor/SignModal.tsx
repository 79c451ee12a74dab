import { useEffect, useState } from 'react';
import { Alert, Checkbox, DatePicker, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { FD_POPULATION_GROUPS, type FdMeta } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { fdApi, type ResidentOption } from './api.ts';
import { GroupTags, utcDay, yuan } from './format.tsx';
import { NS } from './messages.ts';
import './messages.ts';

interface Values {
  residentId: string;
  teamId: string;
  packageId: string;
  populationGroup: string;
  termYears: number;
  startDate: Dayjs;
  confirm: boolean;
  note?: string;
}

/**
 * Signs a resident: picked from the archive (masked, searched on the server),
 * the population group preset from the archive's facts, one of the caller's
 * teams, a package valid today (its items shown), the term and start.
 */
export function SignModal({
  open,
  meta,
  preset,
  onClose,
  onSigned,
}: {
  open: boolean;
  meta: FdMeta | undefined;
  preset?: { residentId: string; fullName: string } | null;
  onClose: () => void;
  onSigned: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState(false);
  const residents = useQuery({
    queryKey: ['fd', 'residents', keyword],
    queryFn: async () => (await fdApi.residents(keyword)).data.list,
    enabled: open,
  });
  const teams = (meta?.teams ?? []).filter((x) => x.member || meta?.rights.modify);
  const packageId = Form.useWatch('packageId', form);
  const pkg = meta?.packages.find((p) => p.id === packageId);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      termYears: 1,
      startDate: dayjs(),
      confirm: true,
      teamId: teams.find((x) => x.member)?.id ?? teams[0]?.id,
      ...(preset ? { residentId: preset.residentId } : {}),
    });
    setKeyword(preset?.residentId ?? '');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when opened
  }, [open]);
  // A resident handed in (the unsigned worklist): preset its group and package once the picker has it.
  useEffect(() => {
    if (open && preset && residents.data?.some((r) => r.residentId === preset.residentId)) pickResident(preset.residentId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the picker's rows arrive
  }, [open, preset, residents.data]);

  const pickResident = (id: string) => {
    const r = residents.data?.find((x) => x.residentId === id);
    if (!r) return;
    const fit = meta?.packages.find((p) => p.groups.includes(r.presetGroup));
    form.setFieldsValue({ populationGroup: r.presetGroup, ...(fit ? { packageId: fit.id } : {}) });
  };

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await fdApi.sign({
        residentId: v.residentId,
        teamId: v.teamId,
        packageId: v.packageId,
        populationGroup: v.populationGroup,
        termYears: v.termYears,
        startDate: utcDay(v.startDate),
        confirm: v.confirm,
        note: v.note ?? '',
      });
      toast.success(t('ok.signed'));
      onSigned();
      onClose();
    } finally {
      setBusy(false);
    }
  };

  const label = (r: ResidentOption) => (
    <Space size={4}>
      <span>{r.fullName}</span>
      <Typography.Text type="secondary">{r.idNumber}</Typography.Text>
      {r.contracted ? <Tag color="green">{t('f.contracted')}</Tag> : null}
    </Space>
  );

  return (
    <Modal
      open={open}
      title={t('action.sign')}
      width={640}
      okText={t('action.sign')}
      cancelText={t('action.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'fd-sign-ok' } as never}
      destroyOnHidden
    >
      {!teams.length ? <Alert type="warning" showIcon title={t('hint.noTeam')} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical" data-testid="fd-sign-form">
        <Form.Item name="residentId" label={t('f.resident')} rules={[{ required: true }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder={t('f.residentSearch')}
            loading={residents.isFetching}
            onChange={pickResident}
            data-testid="fd-sign-resident"
            options={(residents.data ?? []).map((r) => ({ value: r.residentId, label: label(r), disabled: r.contracted }))}
          />
        </Form.Item>
        <Form.Item name="teamId" label={t('f.team')} rules={[{ required: true }]}>
          <Select data-testid="fd-sign-team" options={teams.map((x) => ({ value: x.id, label: x.name }))} />
        </Form.Item>
        <Form.Item name="packageId" label={t('f.package')} rules={[{ required: true }]}>
          <Select
            data-testid="fd-sign-package"
            options={(meta?.packages ?? []).map((p) => ({ value: p.id, label: `${p.name}（${t('price', { v: yuan(p.realPrice) })}）` }))}
          />
        </Form.Item>
        {pkg ? (
          <div style={{ marginTop: -12, marginBottom: 12 }}>
            <Typography.Text type="secondary">{t('f.items')}：</Typography.Text>
            {pkg.items.map((i) => (
              <Tag key={i.itemId}>
                {i.name} · {t('perYear', { n: i.times })}
              </Tag>
            ))}
            <div>
              <GroupTags groups={pkg.groups} />
            </div>
          </div>
        ) : null}
        <Space size={12} wrap>
          <Form.Item name="populationGroup" label={t('f.group')} rules={[{ required: true }]}>
            <Select
              style={{ width: 180 }}
              data-testid="fd-sign-group"
              options={FD_POPULATION_GROUPS.map((g) => ({ value: g, label: t(`group.${g}`) }))}
            />
          </Form.Item>
          <Form.Item name="termYears" label={t('f.termYears')} rules={[{ required: true }]}>
            <Select style={{ width: 110 }} options={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: t('years', { n }) }))} />
          </Form.Item>
          <Form.Item name="startDate" label={t('f.startDate')} rules={[{ required: true }]}>
            <DatePicker allowClear={false} data-testid="fd-sign-start" />
          </Form.Item>
        </Space>
        <Form.Item name="confirm" valuePropName="checked">
          <Checkbox>{t('f.confirmNow')}</Checkbox>
        </Form.Item>
        <Form.Item name="note" label={t('f.note')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
