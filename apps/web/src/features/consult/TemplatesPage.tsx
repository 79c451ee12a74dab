import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.ts';
import { consultApi, type TemplateRow } from './api.ts';
import { NS } from './messages.ts';

/** 诊断模板 (diagnosis_template): templates per department, moved up and down within the department; experts start their opinion from one. */
export default function TemplatesPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [dept, setDept] = useState('');
  const [editing, setEditing] = useState<TemplateRow | 'new' | null>(null);
  const [form] = Form.useForm();
  const options = useQuery({ queryKey: ['consult', 'options'], queryFn: async () => (await consultApi.options()).data });
  const data = useQuery({ queryKey: ['consult', 'templates', dept], queryFn: async () => (await consultApi.templates(dept)).data.list });
  const refresh = () => void client.invalidateQueries({ queryKey: ['consult', 'templates'] });
  const list = data.data ?? [];
  const move = async (row: TemplateRow, delta: number) => {
    const same = list.filter((x) => x.deptId === row.deptId);
    const i = same.findIndex((x) => x.id === row.id);
    const j = i + delta;
    if (j < 0 || j >= same.length) return;
    const ids = same.map((x) => x.id);
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    await consultApi.sortTemplates(ids);
    refresh();
  };
  const save = async () => {
    const v = await form.validateFields();
    if (editing === 'new') await consultApi.createTemplate(v);
    else if (editing) await consultApi.updateTemplate(editing.id, v);
    toast.success(t('saved'));
    setEditing(null);
    refresh();
  };
  const depts = (options.data?.orgs ?? []).filter((o) => o.category === 'department');
  return (
    <Card data-testid="consult-templates-page">
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          style={{ width: 220 }}
          value={dept}
          onChange={setDept}
          options={[{ value: '', label: t('allDepts') }, ...(options.data?.depts ?? []).map((d) => ({ value: d.id, label: d.fullName }))]}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            form.setFieldsValue({ deptId: dept || undefined, title: '', content: '', sortCode: 0 });
            setEditing('new');
          }}
        >
          {t('addTemplate')}
        </Button>
      </Space>
      <Table<TemplateRow>
        rowKey="id"
        size="middle"
        loading={data.isFetching}
        dataSource={list}
        pagination={false}
        columns={[
          { title: t('department'), dataIndex: 'deptName', width: 140 },
          { title: t('templateTitle'), dataIndex: 'title', width: 200 },
          {
            title: t('content'),
            dataIndex: 'content',
            render: (v: string) => (
              <Typography.Paragraph ellipsis={{ rows: 2, tooltip: v }} style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                {v}
              </Typography.Paragraph>
            ),
          },
          {
            title: t('operation'),
            key: 'op',
            width: 220,
            render: (_: unknown, r) => (
              <Space size={0}>
                <Button type="link" size="small" icon={<ArrowUpOutlined />} aria-label={t('up')} onClick={() => void move(r, -1)} />
                <Button type="link" size="small" icon={<ArrowDownOutlined />} aria-label={t('down')} onClick={() => void move(r, 1)} />
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    form.setFieldsValue(r);
                    setEditing(r);
                  }}
                >
                  {t('edit')}
                </Button>
                <Popconfirm title={t('confirmRemove')} onConfirm={async () => (await consultApi.removeTemplate(r.id), refresh())}>
                  <Button type="link" size="small" danger>
                    {t('remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={editing === 'new' ? t('addTemplate') : t('edit')}
        onCancel={() => setEditing(null)}
        onOk={save}
        width={640}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="deptId" label={t('department')} rules={[{ required: true, message: t('required') }]}>
            <Select showSearch optionFilterProp="label" options={depts.map((d) => ({ value: d.id, label: d.fullName }))} />
          </Form.Item>
          <Form.Item name="title" label={t('templateTitle')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="content" label={t('content')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
            <Input.TextArea rows={8} maxLength={4000} showCount />
          </Form.Item>
          <Form.Item name="sortCode" label={t('sortCode')}>
            <InputNumber min={0} max={1_000_000} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
