import { useEffect, useState } from 'react';
import { Alert, Col, Form, Input, Modal, Radio, Row, Select } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMAGING_PRIORITIES, type ImagingCentre, type ImagingStudyDetail } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { catalogApi, imagingApi } from './api.ts';
import { NS } from './messages.ts';
import './messages.ts';

interface Values {
  residentId: string;
  applyOrgId?: string;
  applyDoctorId?: string;
  itemId: string;
  bodyPartId: string;
  clinicalDiagnosis: string;
  device?: string;
  priority: 0 | 1 | 2;
}

/**
 * Registration of a study (登记): the patient picked from the archive (masked,
 * never re-typed), the applying unit and doctor, the exam item and body part
 * from the centre's catalogue (an item brings its body part), the clinical
 * diagnosis, device and priority. A new study opens next for its images.
 */
export function RegisterModal({
  centre,
  study,
  open,
  onClose,
  onCreated,
}: {
  centre: ImagingCentre;
  /** Editing an existing registration (still 已登记 / 退回补传). */
  study?: ImagingStudyDetail;
  open: boolean;
  onClose: () => void;
  onCreated?: (id: string) => void;
}) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const api = imagingApi(centre);
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState(false);
  const orgId = Form.useWatch('applyOrgId', form);
  const itemId = Form.useWatch('itemId', form);

  const residents = useQuery({
    queryKey: ['imaging', centre, 'residents', keyword],
    queryFn: async () => (await api.residents(keyword)).data.list,
    enabled: open && !study,
  });
  const units = useQuery({ queryKey: ['imaging', centre, 'units'], queryFn: async () => (await api.units()).data.list, enabled: open });
  const doctors = useQuery({
    queryKey: ['imaging', centre, 'doctors', orgId ?? ''],
    queryFn: async () => (await api.doctors(orgId)).data.list,
    enabled: open,
  });
  const items = useQuery({
    queryKey: ['imaging', 'catalog', 'items', centre],
    queryFn: async () => (await catalogApi.items(centre)).data.list,
    enabled: open,
  });
  const parts = useQuery({
    queryKey: ['imaging', 'catalog', 'bodyParts', centre],
    queryFn: async () => (await catalogApi.bodyParts(centre)).data.list,
    enabled: open,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (study)
      form.setFieldsValue({
        residentId: study.residentId,
        applyOrgId: study.applyOrgId,
        applyDoctorId: study.applyDoctorId ?? undefined,
        itemId: study.itemId,
        bodyPartId: study.bodyPartId,
        clinicalDiagnosis: study.clinicalDiagnosis,
        device: study.device,
        priority: study.priority as 0 | 1 | 2,
      });
    else form.setFieldsValue({ priority: 0 });
  }, [open, study, form]);

  // The applying unit defaults to the caller's own (the first of its scope).
  useEffect(() => {
    if (open && !study && units.data?.length && !form.getFieldValue('applyOrgId')) form.setFieldValue('applyOrgId', units.data[0]!.id);
  }, [open, study, units.data, form]);

  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const body = {
        residentId: v.residentId,
        ...(v.applyOrgId ? { applyOrgId: v.applyOrgId } : {}),
        ...(v.applyDoctorId ? { applyDoctorId: v.applyDoctorId } : {}),
        itemId: v.itemId,
        bodyPartId: v.bodyPartId,
        clinicalDiagnosis: v.clinicalDiagnosis.trim(),
        device: v.device?.trim() ?? '',
        priority: v.priority,
      };
      if (study) {
        await api.update(study.id, body);
        toast.success(t('form.updated'));
      } else {
        const res = await api.create(body);
        toast.success(t('form.saved', { no: res.data.applyNo }));
        onCreated?.(res.data.id);
      }
      await qc.invalidateQueries({ queryKey: ['imaging', centre] });
      onClose();
    } finally {
      setBusy(false);
    }
  };
  const req = [{ required: true, whitespace: true, message: t('form.required') }];
  const patientOptions = study
    ? [{ value: study.residentId, label: `${study.fullName}  ${study.idNumber}` }]
    : (residents.data ?? []).map((r) => ({ value: r.id, label: `${r.fullName}  ${r.idNumber}` }));
  const itemList = items.data ?? [];

  return (
    <Modal
      open={open}
      title={t(study ? 'form.titleEdit' : 'form.titleNew')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('form.save')}
      cancelText={t('confirm.no')}
      okButtonProps={{ 'data-testid': 'img-register-save' } as never}
      confirmLoading={busy}
      width={820}
      destroyOnHidden
      data-testid="img-register-modal"
    >
      {!study ? <Alert type="info" showIcon message={t('form.next')} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="residentId" label={t('form.patient')} rules={req}>
              <Select
                showSearch
                filterOption={false}
                onSearch={setKeyword}
                placeholder={t('form.patientSearch')}
                options={patientOptions}
                disabled={!!study}
                loading={residents.isFetching}
                data-testid="img-patient-select"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="priority" label={t('form.priority')} rules={[{ required: true }]}>
              <Radio.Group optionType="button" options={IMAGING_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="applyOrgId" label={t('form.applyOrg')}>
              <Select
                options={(units.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
                loading={units.isFetching}
                onChange={() => form.setFieldValue('applyDoctorId', undefined)}
                data-testid="img-apply-org"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="applyDoctorId" label={t('form.applyDoctor')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                options={(doctors.data ?? []).map((u) => ({ value: u.id, label: u.realName }))}
                loading={doctors.isFetching}
                data-testid="img-apply-doctor"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="itemId" label={t('form.item')} rules={req}>
              <Select
                showSearch
                optionFilterProp="label"
                options={itemList.map((i) => ({ value: i.id, label: `${i.name}${i.modality ? ` (${i.modality})` : ''}` }))}
                loading={items.isFetching}
                onChange={(id: string) => {
                  const part = itemList.find((i) => i.id === id)?.bodyPartId;
                  if (part) form.setFieldValue('bodyPartId', part);
                }}
                data-testid="img-item"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="bodyPartId" label={t('form.bodyPart')} rules={req}>
              <Select
                showSearch
                optionFilterProp="label"
                options={(parts.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                loading={parts.isFetching}
                data-testid="img-body-part"
                disabled={!itemId && !parts.data?.length}
              />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="clinicalDiagnosis" label={t('form.clinicalDiagnosis')} rules={req}>
              <Input maxLength={500} data-testid="img-clinical-diagnosis" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="device" label={t('form.device')}>
              <Input maxLength={100} data-testid="img-device" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
