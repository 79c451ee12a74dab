import { useEffect, useState } from 'react';
import { Button, Card, Col, Form, Input, Modal, Radio, Row, Select, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ImagingStudyDetail, ImgTemplate } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { catalogApi, imagingApi } from './api.ts';
import { NS } from './messages.ts';
import './messages.ts';

interface Values {
  templateId?: string | null;
  method?: string;
  findings: string;
  impression: string;
  advice?: string;
  positive: 'true' | 'false' | 'null';
  comment?: string;
}

const toPositive = (v: Values['positive']) => (v === 'null' ? null : v === 'true');

/**
 * The reader's report: filled from a diagnosis template of the study's body
 * part and item (the centre's catalogue, in its sort order) and edited —
 * method, findings, impression, advice, positive/negative; saved as a draft
 * while reading, then submitted as the preliminary report. In `revise` mode
 * (a released report) it asks the reason and releases a new version; the
 * earlier one stays readable.
 */
export function ReportEditor({ study, mode, onDone }: { study: ImagingStudyDetail; mode: 'write' | 'revise'; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const api = imagingApi(study.centre);
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const templates = useQuery({
    queryKey: ['imaging', 'catalog', 'templates', study.centre, study.bodyPartId, study.itemId],
    queryFn: async () => {
      // Templates of the item and body part first, then the body part's, then the centre's general ones.
      const byPart = (await catalogApi.templates(study.centre, study.bodyPartId)).data.list;
      return byPart.length ? byPart : (await catalogApi.templates(study.centre)).data.list;
    },
  });
  const base = study.reports.find((r) => r.draft) ?? [...study.reports].filter((r) => r.current).sort((a, b) => b.version - a.version)[0];

  useEffect(() => {
    form.setFieldsValue({
      templateId: base?.templateId ?? null,
      method: base?.method ?? '',
      findings: base?.findings ?? '',
      impression: base?.impression ?? '',
      advice: base?.advice ?? '',
      positive: base ? (String(base.positive) as Values['positive']) : 'null',
    });
  }, [base, form]);

  const sorted = [...(templates.data ?? [])].sort(
    (a, b) => Number(b.itemId === study.itemId) - Number(a.itemId === study.itemId) || a.sortCode - b.sortCode,
  );
  const apply = (tpl: ImgTemplate) => {
    const fill = () =>
      form.setFieldsValue({
        findings: tpl.findings,
        impression: tpl.impression,
        advice: tpl.advice,
        positive: tpl.positive ? 'true' : 'false',
      });
    const written = form.getFieldValue('findings') || form.getFieldValue('impression');
    if (!written) return fill();
    Modal.confirm({
      title: t('report.templateReplace'),
      okText: t('confirm.ok'),
      cancelText: t('confirm.no'),
      onOk: fill,
      onCancel: () => form.setFieldValue('templateId', base?.templateId ?? null),
    });
  };

  const fields = (v: Values) => ({
    templateId: v.templateId ?? null,
    method: v.method?.trim() ?? '',
    findings: v.findings.trim(),
    impression: v.impression.trim(),
    advice: v.advice?.trim() ?? '',
    positive: toPositive(v.positive),
  });
  const finish = async (msg: string) => {
    toast.success(msg);
    await qc.invalidateQueries({ queryKey: ['imaging', study.centre] });
    onDone();
  };
  const saveDraft = async () => {
    const v = form.getFieldsValue();
    setBusy('draft');
    try {
      await api.saveDraft(study.id, fields({ ...v, findings: v.findings ?? '', impression: v.impression ?? '' }));
      await finish(t('report.draftSaved'));
    } finally {
      setBusy(null);
    }
  };
  const submit = async () => {
    const v = await form.validateFields();
    setBusy('submit');
    try {
      if (mode === 'revise')
        await api.act(study.id, 'revise', { comment: v.comment?.trim() ?? '', report: fields(v), version: study.version });
      else await api.act(study.id, 'submit', { report: fields(v), version: study.version });
      await finish(t('done'));
    } finally {
      setBusy(null);
    }
  };
  const req = (key: string) => [{ required: true, whitespace: true, message: t(key) }];

  return (
    <Card size="small" title={t(mode === 'revise' ? 'action.revise' : 'report.editing')} data-testid="img-report-editor">
      <Form form={form} layout="vertical">
        <Row gutter={12}>
          <Col span={14}>
            <Form.Item name="templateId" label={t('report.template')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder={t('report.templatePick')}
                loading={templates.isFetching}
                notFoundContent={t('report.templateNone')}
                options={sorted.map((x) => ({ value: x.id, label: [x.categoryName, x.name].filter(Boolean).join(' · ') }))}
                onChange={(id?: string) => {
                  const tpl = sorted.find((x) => x.id === id);
                  if (tpl) apply(tpl);
                }}
                data-testid="img-template"
              />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="positive" label={t('report.positive')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'false', label: t('positive.false') },
                  { value: 'true', label: t('positive.true') },
                  { value: 'null', label: t('positive.null') },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="method" label={t('report.method')}>
          <Input maxLength={1000} />
        </Form.Item>
        <Form.Item name="findings" label={t('report.findings')} rules={req('report.findingsRequired')}>
          <Input.TextArea rows={6} maxLength={8000} showCount data-testid="img-findings" />
        </Form.Item>
        <Form.Item name="impression" label={t('report.impression')} rules={req('report.impressionRequired')}>
          <Input.TextArea rows={3} maxLength={4000} data-testid="img-impression" />
        </Form.Item>
        <Form.Item name="advice" label={t('report.advice')}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        {mode === 'revise' ? (
          <Form.Item name="comment" label={t('report.reviseReason')} rules={req('commentRequired')}>
            <Input.TextArea rows={2} maxLength={1000} data-testid="img-revise-reason" />
          </Form.Item>
        ) : null}
      </Form>
      <Space>
        {mode === 'write' ? (
          <Button onClick={() => void saveDraft()} loading={busy === 'draft'} data-testid="img-save-draft">
            {t('report.saveDraft')}
          </Button>
        ) : null}
        <Button type="primary" onClick={() => void submit()} loading={busy === 'submit'} data-testid="img-submit-report">
          {t(mode === 'revise' ? 'report.revise' : 'report.submit')}
        </Button>
      </Space>
    </Card>
  );
}
