import { Button, Checkbox, Form, Input, Select, Table, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { InterfaceParamDef } from '@medalliance/contract';
import { NS } from '../messages.ts';
import { PARAM_TYPES, withDetectedParams } from './interfaceForm.ts';

/** The declared parameters of an interface: field, label, type, required, default value (a Form.List). */
export function ParamsEditor({ source }: { source: string }) {
  const { t } = useTranslation(NS);
  const form = Form.useFormInstance();
  return (
    <Form.List name="parameterJson">
      {(fields, { add, remove }) => (
        <>
          <div className="ma-sys-filters" style={{ marginBottom: 8 }}>
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ field: '', fieldName: '', dataType: 'varchar', required: 0, defaultValue: '' })}
            >
              {t('di.addParam')}
            </Button>
            <Tooltip title={t('di.detectHint')}>
              <Button
                icon={<ThunderboltOutlined />}
                onClick={() => {
                  const defs = (form.getFieldValue('parameterJson') ?? []) as InterfaceParamDef[];
                  form.setFieldValue('parameterJson', withDetectedParams(defs, form.getFieldValue(source) as string));
                }}
              >
                {t('di.detectParams')}
              </Button>
            </Tooltip>
          </div>
          <Table
            size="small"
            rowKey="key"
            dataSource={fields}
            pagination={false}
            locale={{ emptyText: t('di.noParams') }}
            columns={[
              {
                title: t('di.paramField'),
                render: (_: unknown, f) => (
                  <Form.Item
                    name={[f.name, 'field']}
                    noStyle
                    rules={[
                      { required: true, message: t('di.paramField') },
                      { pattern: /^[A-Za-z_][A-Za-z0-9_]*$/, message: t('di.fieldRule') },
                    ]}
                  >
                    <Input placeholder="orgId" />
                  </Form.Item>
                ),
              },
              {
                title: t('di.paramName'),
                render: (_: unknown, f) => (
                  <Form.Item name={[f.name, 'fieldName']} noStyle>
                    <Input />
                  </Form.Item>
                ),
              },
              {
                title: t('di.paramType'),
                width: 130,
                render: (_: unknown, f) => (
                  <Form.Item name={[f.name, 'dataType']} noStyle>
                    <Select options={PARAM_TYPES.map((p) => ({ value: p, label: t(`di.type.${p}`) }))} style={{ width: '100%' }} />
                  </Form.Item>
                ),
              },
              {
                title: t('di.paramRequired'),
                width: 70,
                align: 'center',
                render: (_: unknown, f) => (
                  <Form.Item
                    name={[f.name, 'required']}
                    noStyle
                    getValueProps={(v: number) => ({ checked: !!v })}
                    normalize={(c: boolean) => (c ? 1 : 0)}
                  >
                    <Checkbox />
                  </Form.Item>
                ),
              },
              {
                title: t('di.paramDefault'),
                render: (_: unknown, f) => (
                  <Form.Item name={[f.name, 'defaultValue']} noStyle>
                    <Input />
                  </Form.Item>
                ),
              },
              {
                key: 'op',
                width: 50,
                render: (_: unknown, f) => (
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => remove(f.name)} />
                ),
              },
            ]}
          />
        </>
      )}
    </Form.List>
  );
}

/** Header or request-parameter rows of an HTTP interface: name and value (a Form.List). */
export function KeyValueEditor({ name, valueHint }: { name: 'requestHeaders' | 'requestParameters'; valueHint: string }) {
  const { t } = useTranslation(NS);
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Table
          size="small"
          rowKey="key"
          dataSource={fields}
          pagination={false}
          locale={{ emptyText: t('noData') }}
          footer={() => (
            <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ field: '', value: '' })}>
              {t('di.addRow')}
            </Button>
          )}
          columns={[
            {
              title: t('di.kvName'),
              width: '40%',
              render: (_: unknown, f) => (
                <Form.Item name={[f.name, 'field']} noStyle>
                  <Input />
                </Form.Item>
              ),
            },
            {
              title: t('di.kvValue'),
              render: (_: unknown, f) => (
                <Form.Item name={[f.name, 'value']} noStyle>
                  <Input placeholder={valueHint} />
                </Form.Item>
              ),
            },
            {
              key: 'op',
              width: 50,
              render: (_: unknown, f) => (
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => remove(f.name)} />
              ),
            },
          ]}
        />
      )}
    </Form.List>
  );
}
