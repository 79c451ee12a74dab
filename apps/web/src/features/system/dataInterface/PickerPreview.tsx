import { useState } from 'react';
import { Card, Checkbox, Col, Form, Row, Segmented, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { InterfaceSelect } from '../../../components/pickers/data/InterfaceSelect.tsx';
import { PopupAttr } from '../../../components/pickers/data/PopupAttr.tsx';
import { PopupSelect } from '../../../components/pickers/data/PopupSelect.tsx';
import { PopupTableSelect } from '../../../components/pickers/data/PopupTableSelect.tsx';
import { NS } from '../messages.ts';

const pick = (columns: string[], ...names: string[]) => names.find((n) => columns.includes(n)) ?? columns[0] ?? 'id';

/**
 * How this interface behaves inside the form pickers (spec §2.6): choose the
 * value and label columns and try the select-data dialog, the table popover,
 * the interface select and the attribute display against the saved interface.
 */
export function PickerPreview({ interfaceId, columns }: { interfaceId: string; columns: string[] }) {
  const { t } = useTranslation(NS);
  const [propsValue, setPropsValue] = useState(() => pick(columns, 'id', 'CODE', 'accountId'));
  const [relationField, setRelationField] = useState(() =>
    pick(columns, 'fullName', 'ORG_NAME', 'ITEM_NAME', 'officeName', 'accountName', 'DOCTOR_NAME'),
  );
  const [attr, setAttr] = useState(() => columns.find((c) => c !== propsValue && c !== relationField) ?? relationField);
  const [popup, setPopup] = useState<string>('');
  const [popover, setPopover] = useState<string[]>([]);
  const [select, setSelect] = useState<string | undefined>();
  const [popupType, setPopupType] = useState<'dialog' | 'drawer'>('dialog');
  const [keywordOnly, setKeywordOnly] = useState(false);
  const [paged, setPaged] = useState(true);
  const options = columns.map((c) => ({ value: c, label: c }));
  const columnOptions = columns.slice(0, 5).map((c) => ({ value: c, label: c }));
  const field = `__preview_${interfaceId}`;

  return (
    <Card size="small" title={t('di.pickerPreview')} style={{ marginTop: 12 }} data-testid="ma-di-picker-preview">
      <Form layout="vertical" component="div">
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item label={t('di.valueField')}>
              <Select value={propsValue} onChange={setPropsValue} options={options} showSearch />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label={t('di.labelField')}>
              <Select value={relationField} onChange={setRelationField} options={options} showSearch />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label={t('di.attrField')}>
              <Select value={attr} onChange={setAttr} options={options} showSearch />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label={
                <Space size={12} wrap>
                  {t('di.popupSelect')}
                  <Segmented
                    size="small"
                    value={popupType}
                    onChange={(v) => setPopupType(v as 'dialog' | 'drawer')}
                    options={[
                      { value: 'dialog', label: t('di.asDialog') },
                      { value: 'drawer', label: t('di.asDrawer') },
                    ]}
                  />
                  <Checkbox checked={paged} onChange={(e) => setPaged(e.target.checked)}>
                    {t('di.paged')}
                  </Checkbox>
                  <Checkbox checked={keywordOnly} onChange={(e) => setKeywordOnly(e.target.checked)}>
                    {t('di.keywordOnly')}
                  </Checkbox>
                </Space>
              }
            >
              <PopupSelect
                key={`${popupType}:${paged}:${keywordOnly}`}
                popupType={popupType}
                keywordOnly={keywordOnly}
                interfaceId={interfaceId}
                propsValue={propsValue}
                relationField={relationField}
                columnOptions={columnOptions}
                hasPage={paged}
                value={popup}
                field={field}
                onChange={(v) => setPopup(v)}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={t('di.popupAttr', { field: attr })}>
              <PopupAttr relationField={field} showField={attr} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={t('di.popoverSelect')}>
              <PopupTableSelect
                interfaceId={interfaceId}
                propsValue={propsValue}
                relationField={relationField}
                columnOptions={columnOptions.slice(0, 3)}
                multiple
                collapseTags
                value={popover}
                onChange={(v) => setPopover(v as string[])}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={t('di.interfaceSelect')}>
              <InterfaceSelect
                interfaceId={interfaceId}
                propsValue={propsValue}
                relationField={relationField}
                value={select}
                onChange={(v) => setSelect(v as string | undefined)}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
