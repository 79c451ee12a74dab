import { useState } from 'react';
import { Button, Card, Checkbox, Form, Input, Radio } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMAGING_GRADES, type ImagingChecklistCode, type ImagingGrade, type ImagingStudyDetail } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { imagingApi } from './api.ts';
import { ChecklistField } from './ChecklistField.tsx';
import { NS } from './messages.ts';
import './messages.ts';

interface Values {
  items: ImagingChecklistCode[];
  grade: ImagingGrade;
  comment?: string;
  disagrees?: boolean;
}

/**
 * The collaborative audit's second reading of the township's images: the
 * 16-item checklist, a grade (优秀/良好/合格/不合格), the details, and whether
 * the auditor disagrees with the report (the audit-change rate counts it).
 */
export function ReviewForm({ study }: { study: ImagingStudyDetail }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await imagingApi(study.centre).review(study.id, {
        items: v.items ?? [],
        grade: v.grade,
        comment: v.comment?.trim() ?? '',
        disagrees: !!v.disagrees,
      });
      toast.success(t('review.saved'));
      form.resetFields();
      await qc.invalidateQueries({ queryKey: ['imaging', study.centre] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={t('review.title')} data-testid="img-review-form">
      <Form form={form} layout="vertical" initialValues={{ items: [], disagrees: false }}>
        <Form.Item name="items" label={t('checklistItems')}>
          <ChecklistField testId="img-review-checklist" />
        </Form.Item>
        <Form.Item name="grade" label={t('review.grade')} rules={[{ required: true, message: t('review.gradeRequired') }]}>
          <Radio.Group
            optionType="button"
            options={IMAGING_GRADES.map((g) => ({ value: g, label: t(`grade.${g}`) }))}
            data-testid="img-review-grade"
          />
        </Form.Item>
        <Form.Item name="comment" label={t('review.comment')}>
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
        <Form.Item name="disagrees" valuePropName="checked">
          <Checkbox data-testid="img-review-disagrees">{t('review.disagrees')}</Checkbox>
        </Form.Item>
      </Form>
      <Button type="primary" onClick={() => void save()} loading={busy} data-testid="img-review-save">
        {t('review.save')}
      </Button>
    </Card>
  );
}
