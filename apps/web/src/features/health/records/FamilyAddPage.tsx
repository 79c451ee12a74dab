import { useState } from 'react';
import { Button, Card, Form, Input, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.ts';
import { healthApi } from '../shared/healthApi.ts';
import { NS } from './messages.ts';

/** 新建家庭 (family_add): name, address, head and members picked from the residents in scope (masked names). */
export default function FamilyAddPage() {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const options = useQuery({
    queryKey: ['health', 'pick', search],
    queryFn: async () => (await healthApi.residents({ currentPage: 1, pageSize: 30, keyword: search })).data.list,
  });
  const residentOptions = (options.data ?? []).map((r) => ({
    value: r.id,
    label: `${r.fullName}  ${r.idNumber || ''}  ${r.manageOrgName ?? ''}`,
  }));
  const picker = (
    <Select
      showSearch
      filterOption={false}
      onSearch={setSearch}
      options={residentOptions}
      placeholder={t('keyword')}
      style={{ minWidth: 320 }}
    />
  );
  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await healthApi.createFamily({
        familyName: v.familyName,
        address: v.address,
        headResidentId: v.headResidentId,
        members: (v.members ?? []).filter((m: { id?: string }) => m?.id),
      });
      toast.success(t('familyCreated'));
      form.resetFields();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card style={{ maxWidth: 820 }}>
      <Form form={form} labelCol={{ flex: '110px' }}>
        <Form.Item name="familyName" label={t('familyName')} rules={[{ required: true, whitespace: true }, { max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="address" label={t('address')} rules={[{ max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="headResidentId" label={t('head')}>
          {picker}
        </Form.Item>
        <Form.List name="members">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline">
                  <Form.Item name={[f.name, 'id']} label={t('memberList')} rules={[{ required: true }]}>
                    {picker}
                  </Form.Item>
                  <Form.Item name={[f.name, 'relationToHead']} rules={[{ required: true }]}>
                    <Select
                      style={{ width: 120 }}
                      placeholder={t('relation')}
                      options={['1', '2', '3', '4', '5', '6', '7', '9'].map((c) => ({ value: c, label: t(`rel.${c}`) }))}
                    />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(f.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()}>
                {t('addMember')}
              </Button>
            </>
          )}
        </Form.List>
        <div style={{ marginTop: 16 }}>
          <Button type="primary" loading={busy} onClick={save}>
            {t('newFamily')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
