import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Col, DatePicker, Divider, Form, Input, Modal, Row, Select, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { REFERRAL_REASONS, REFERRAL_URGENCIES, REFERRAL_VISIT_TYPES, type FileEntry } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { ChunkUploader } from '../../components/upload/index.ts';
import { referralApi, type ResidentOption } from './api.ts';
import { NS } from './messages.ts';
import './messages.ts';

export interface ApplyPreset {
  direction: '1' | '2';
  /** Filled from a flagged follow-up (GET /referral/prefill). */
  prefill?: Record<string, unknown>;
  patient?: { id: string; fullName: string };
}

interface Values {
  residentId: string;
  toUnitId: string;
  toDeptId?: string;
  urgency: string;
  visitType: string;
  referralDate?: Dayjs;
  reasonCode: string;
  reason?: string;
  diagnosis: string;
  condition?: string;
  results?: string;
  notes?: string;
  rehab?: string;
  attachments?: FileEntry[];
  dischargeDiagnosis?: string;
  treatment?: string;
  treatmentResult?: string;
  nextSteps?: string;
}

/**
 * The referral form of §2: the patient picked from the archive (masked, never
 * re-typed), the receiving unit and department of the right tier, reason,
 * diagnosis, condition, results, attachments (the files module's uploader);
 * a down-referral adds its summary. Saved as a draft or submitted at once.
 */
export function ApplyModal({ preset, onClose }: { preset: ApplyPreset | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState(false);
  const direction = preset?.direction ?? '1';
  const units = useQuery({
    queryKey: ['referral', 'units', direction],
    queryFn: async () => (await referralApi.units(direction)).data.list,
    enabled: !!preset,
  });
  const residents = useQuery({
    queryKey: ['referral', 'residents', keyword],
    queryFn: async () => (await referralApi.residents(keyword)).data.list,
    enabled: !!preset && !preset.patient,
  });
  const toUnitId = Form.useWatch('toUnitId', form);
  const depts = useMemo(() => units.data?.find((u) => u.id === toUnitId)?.departments ?? [], [units.data, toUnitId]);

  useEffect(() => {
    if (!preset) return;
    form.resetFields();
    const p = preset.prefill ?? {};
    form.setFieldsValue({
      urgency: String(p.urgency ?? '1'),
      visitType: '1',
      reasonCode: String(p.reasonCode ?? (direction === '2' ? '6' : '1')),
      residentId: preset.patient?.id,
      diagnosis: (p.diagnosis as string) ?? '',
      condition: (p.condition as string) ?? '',
      results: (p.results as string) ?? '',
      referralDate: dayjs(),
      attachments: [],
    });
  }, [preset, form, direction]);

  const save = async (submit: boolean) => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const p = preset?.prefill ?? {};
      const body = {
        direction,
        residentId: v.residentId,
        toUnitId: v.toUnitId,
        toDeptId: v.toDeptId ?? null,
        urgency: v.urgency,
        visitType: v.visitType,
        referralDate: v.referralDate ? v.referralDate.startOf('day').valueOf() : null,
        reasonCode: v.reasonCode,
        reason: v.reason ?? '',
        diagnosis: v.diagnosis,
        condition: v.condition ?? '',
        results: v.results ?? '',
        notes: v.notes ?? '',
        rehab: v.rehab ?? '',
        attachments: (v.attachments ?? []).map((f) => ({
          fileId: f.fileId,
          name: f.fileName ?? f.name,
          fileSize: f.fileSize,
          url: f.url,
          fileExtension: f.fileExtension,
          fileVersionId: f.fileVersionId,
        })),
        sourceProgramme: (p.sourceProgramme as string) ?? null,
        sourceVisitId: (p.sourceVisitId as string) ?? null,
        dischargeDiagnosis: v.dischargeDiagnosis ?? '',
        treatment: v.treatment ?? '',
        treatmentResult: v.treatmentResult ?? '',
        nextSteps: v.nextSteps ?? '',
        submit,
      };
      await referralApi.create(body);
      toast.success(t('form.saved'));
      await qc.invalidateQueries({ queryKey: ['referral'] });
      onClose();
    } finally {
      setBusy(false);
    }
  };
  const req = [{ required: true, whitespace: true, message: t('form.required') }];
  const patientOptions = preset?.patient
    ? [{ value: preset.patient.id, label: preset.patient.fullName }]
    : (residents.data ?? []).map((r: ResidentOption) => ({ value: r.id, label: `${r.fullName}  ${r.idNumber}` }));

  return (
    <Modal
      open={!!preset}
      title={t(direction === '1' ? 'form.titleUp' : 'form.titleDown')}
      onCancel={onClose}
      width={860}
      destroyOnHidden
      data-testid="referral-apply-modal"
      footer={
        <Space>
          <Button onClick={() => void save(false)} loading={busy} data-testid="referral-save-draft">
            {t('form.saveDraft')}
          </Button>
          <Button type="primary" onClick={() => void save(true)} loading={busy} data-testid="referral-submit">
            {t('form.submit')}
          </Button>
        </Space>
      }
    >
      {preset?.prefill ? <Alert type="info" showIcon message={t('form.prefilled')} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical" size="middle">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="residentId" label={t('form.patient')} rules={req}>
              <Select
                showSearch
                filterOption={false}
                onSearch={setKeyword}
                placeholder={t('form.patientSearch')}
                options={patientOptions}
                disabled={!!preset?.patient}
                loading={residents.isFetching}
                data-testid="referral-patient-select"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="toUnitId" label={t('form.toUnit')} rules={req}>
              <Select
                options={(units.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
                data-testid="referral-to-unit"
                onChange={() => form.setFieldValue('toDeptId', undefined)}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="toDeptId" label={t('form.toDept')}>
              <Select allowClear options={depts.map((d) => ({ value: d.id, label: d.name }))} data-testid="referral-to-dept" />
            </Form.Item>
          </Col>
          <Col span={5}>
            <Form.Item name="urgency" label={t('form.urgency')} rules={req}>
              <Select options={REFERRAL_URGENCIES.map((u) => ({ value: u, label: t(`urgency.${u}`) }))} />
            </Form.Item>
          </Col>
          <Col span={5}>
            <Form.Item name="visitType" label={t('form.visitType')} rules={req}>
              <Select options={REFERRAL_VISIT_TYPES.map((u) => ({ value: u, label: t(`visitType.${u}`) }))} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="referralDate" label={t('form.referralDate')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="reasonCode" label={t('form.reasonCode')} rules={req}>
              <Select options={REFERRAL_REASONS.map((r) => ({ value: r, label: t(`reason.${r}`) }))} data-testid="referral-reason-code" />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item name="reason" label={t('form.reason')}>
              <Input maxLength={500} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="diagnosis" label={t('form.diagnosis')} rules={req}>
              <Input maxLength={500} data-testid="referral-diagnosis" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="condition" label={t('form.condition')}>
              <Input.TextArea rows={3} maxLength={2000} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="results" label={t('form.results')}>
              <Input.TextArea rows={3} maxLength={2000} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="notes" label={t('form.notes')}>
              <Input.TextArea rows={2} maxLength={1000} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="rehab" label={t('form.rehab')}>
              <Input.TextArea rows={2} maxLength={1000} />
            </Form.Item>
          </Col>
        </Row>
        {direction === '2' ? (
          <>
            <Divider titlePlacement="start">{t('form.summary')}</Divider>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name="dischargeDiagnosis" label={t('form.dischargeDiagnosis')} rules={req}>
                  <Input maxLength={500} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="treatmentResult" label={t('form.treatmentResult')}>
                  <Input maxLength={1000} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="treatment" label={t('form.treatment')} rules={req}>
                  <Input.TextArea rows={3} maxLength={2000} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="nextSteps" label={t('form.nextSteps')} rules={req}>
                  <Input.TextArea rows={3} maxLength={2000} />
                </Form.Item>
              </Col>
            </Row>
          </>
        ) : null}
        <Form.Item name="attachments" label={t('form.attachments')} valuePropName="value">
          <ChunkUploader limit={10} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
