import { useEffect, useState } from 'react';
import { Alert, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { BILL_DATE_FORMATS, type BillDateFormat } from '@medalliance/contract';
import { billRuleApi, type BillRuleForm, type BillRuleRow } from '../../../api/system.ts';
import { DictionarySelect } from '../../../components/pickers/data/DictionarySelect.tsx';
import { FormModal } from '../common/FormModal.tsx';
import { DescriptionField, EnCodeField, EnabledMarkField, FullNameField, SortCodeField } from '../common/recordFields.tsx';
import { NS } from '../messages.ts';
import { billExample, formatBillDate, serialText } from './billNumber.ts';

interface Props {
  editing: BillRuleRow | null;
  categoryId?: string;
  onClose: () => void;
  onSaved: () => void;
}

const AFFIX = /^\S*$/;
export const BUSINESS_TYPE = 'businessType';

export function BillRuleFormModal({ editing, categoryId, onClose, onSaved }: Props) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<BillRuleForm>();
  const [now, setNow] = useState(() => Date.now());
  const issued = !!editing?.outputNumber;
  const initialValues: BillRuleForm = editing
    ? {
        fullName: editing.fullName,
        enCode: editing.enCode,
        categoryId: editing.categoryId ?? undefined,
        prefix: editing.prefix,
        dateFormat: editing.dateFormat,
        digit: editing.digit,
        startNumber: editing.startNumber,
        suffix: editing.suffix,
        sortCode: editing.sortCode,
        enabledMark: editing.enabledMark,
        description: editing.description ?? '',
      }
    : {
        fullName: '',
        enCode: '',
        categoryId,
        prefix: '',
        dateFormat: 'YYYYMMDD',
        digit: 4,
        startNumber: 1,
        suffix: '',
        sortCode: 0,
        enabledMark: 1,
        description: '',
      };

  // The example follows the clock for the formats with hours, minutes and seconds.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const prefix = Form.useWatch('prefix', form) ?? '';
  const dateFormat = (Form.useWatch('dateFormat', form) ?? 'YYYYMMDD') as BillDateFormat;
  const digit = Form.useWatch('digit', form) ?? 4;
  const startNumber = Form.useWatch('startNumber', form) ?? 1;
  const suffix = Form.useWatch('suffix', form) ?? '';
  const parts = { prefix: AFFIX.test(prefix) ? prefix : '', dateFormat, digit, startNumber, suffix: AFFIX.test(suffix) ? suffix : '' };
  const example = billExample(parts, now);
  const second = billExample(parts, now, 2);

  const formatOptions = BILL_DATE_FORMATS.map((f) => ({
    value: f,
    label: f === 'no' ? t('bill.noDate') : `${f}（${formatBillDate(f, now)}）`,
  }));

  return (
    <FormModal<BillRuleForm>
      open
      form={form}
      width={760}
      title={editing ? t('bill.edit') : t('bill.add')}
      onClose={onClose}
      testId="ma-bill-modal"
      initialValues={initialValues}
      onSubmit={async (values) => {
        const body = {
          ...values,
          categoryId: values.categoryId || null,
          prefix: values.prefix ?? '',
          suffix: values.suffix ?? '',
          description: values.description || null,
        };
        if (editing) await billRuleApi.update(editing.id, body);
        else await billRuleApi.create(body);
        onSaved();
      }}
    >
      {issued && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('bill.frozen', { number: editing?.outputNumber })} />}
      <Row gutter={16}>
        <Col span={12}>
          <FullNameField label={t('bill.name')} />
        </Col>
        <Col span={12}>
          <EnCodeField label={t('bill.code')} disabled={issued} />
        </Col>
        <Col span={12}>
          <Form.Item name="categoryId" label={t('category')}>
            <DictionarySelect dictionaryType={BUSINESS_TYPE} testId="ma-bill-category" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="dateFormat" label={t('bill.dateFormat')} rules={[{ required: true }]}>
            <Select options={formatOptions} disabled={issued} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="prefix" label={t('bill.prefix')} rules={[{ pattern: AFFIX, message: t('bill.noSpaces') }, { max: 20 }]}>
            <Input maxLength={20} disabled={issued} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="suffix" label={t('bill.suffix')} rules={[{ pattern: AFFIX, message: t('bill.noSpaces') }, { max: 20 }]}>
            <Input maxLength={20} disabled={issued} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="digit" label={t('bill.digit')} rules={[{ required: true }]}>
            <InputNumber min={1} max={12} precision={0} style={{ width: '100%' }} disabled={issued} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="startNumber" label={t('bill.startNumber')} rules={[{ required: true }]}>
            <InputNumber min={0} max={999_999_999_999} precision={0} style={{ width: '100%' }} disabled={issued} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label={t('bill.example')}>
            <div>
              <span className="ma-sys-example" data-testid="ma-bill-example">
                {example}
              </span>
              <div className="ma-sys-example-parts">
                {t('bill.exampleParts', {
                  prefix: parts.prefix || '—',
                  date: formatBillDate(dateFormat, now) || '—',
                  serial: serialText(parts),
                  suffix: parts.suffix || '—',
                })}
                {'　'}
                {t('bill.nextExample', { number: second })}
              </div>
            </div>
          </Form.Item>
        </Col>
        <Col span={12}>
          <SortCodeField />
        </Col>
        <Col span={12}>
          <EnabledMarkField />
        </Col>
        <Col span={24}>
          <DescriptionField rows={2} />
        </Col>
      </Row>
    </FormModal>
  );
}
