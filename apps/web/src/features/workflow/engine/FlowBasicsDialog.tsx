import { useEffect, useMemo, useState } from 'react';
import { AutoComplete, Col, Form, Input, Modal, Row, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { visualdevApi } from '../../../api/visualdev.ts';
import { toast } from '../../../app/feedback.ts';
import { PositionSelect, RoleSelect, UserSelect } from '../../../components/pickers/org/index.ts';
import { flowEngineApi } from './flowEngineApi.ts';
import { starterGraph } from './starterGraph.ts';
import { NS } from './messages.ts';

interface Basics {
  fullName: string;
  enCode: string;
  category?: string;
  formId?: string;
  description?: string;
  userIds?: string[];
  positionIds?: string[];
  roleIds?: string[];
}

/**
 * Creates a flow (names, category, the released model it runs over, who may
 * start it) or edits those basics of an existing one; the form of a flow is
 * fixed once created, since its released versions refer to its fields.
 */
export function FlowBasicsDialog({
  id,
  categories,
  onClose,
  onSaved,
}: {
  id: string | null;
  categories: string[];
  onClose: () => void;
  onSaved: (id: string, created: boolean) => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Basics>();
  const [busy, setBusy] = useState(false);
  const info = useQuery({
    queryKey: ['wfEngine', 'info', id],
    queryFn: async () => (await flowEngineApi.info(id!)).data,
    enabled: !!id,
    gcTime: 0,
  });
  const models = useQuery({
    queryKey: ['visualdev', 'selector'],
    queryFn: async () => (await visualdevApi.selector()).data.list,
    enabled: !id,
  });
  useEffect(() => {
    const d = info.data;
    if (d) form.setFieldsValue({ fullName: d.fullName, enCode: d.enCode, category: d.category, description: d.description, ...d.starters });
  }, [info.data, form]);

  const tree = useMemo(
    () =>
      (models.data ?? []).map((c) => ({
        value: `cat:${c.id}`,
        title: c.fullName,
        selectable: false,
        children: (c.children ?? []).filter((m) => !m.boundTable).map((m) => ({ value: m.id, title: m.fullName })),
      })),
    [models.data],
  );

  const save = async () => {
    const v = await form.validateFields();
    const starters = { userIds: v.userIds ?? [], positionIds: v.positionIds ?? [], roleIds: v.roleIds ?? [] };
    const base = { enCode: v.enCode, fullName: v.fullName, category: v.category ?? '', description: v.description ?? '', starters };
    setBusy(true);
    try {
      if (id) {
        await flowEngineApi.update(id, base);
        toast.success(t('saved'));
        onSaved(id, false);
      } else {
        const graph = starterGraph(t('default.start'), t('default.end'));
        const res = await flowEngineApi.create({ ...base, formKind: 'model', formId: v.formId!, graph });
        toast.success(t('created'));
        onSaved(res.data.id, true);
      }
    } finally {
      setBusy(false);
    }
  };

  const required = { required: true, message: t('required') };
  return (
    <Modal
      open
      title={t(id ? 'editTitle' : 'createTitle')}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      confirmLoading={busy}
      okText={t('ok')}
      cancelText={t('cancel')}
      width={720}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="wf-basics-form">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="fullName" label={t('fullName')} rules={[required, { max: 100 }]}>
              <Input data-testid="wf-basics-fullName" maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="enCode"
              label={t('enCode')}
              rules={[required, { max: 50 }, { pattern: /^[A-Za-z0-9_-]+$/, message: t('enCodeRule') }]}
            >
              <Input data-testid="wf-basics-enCode" maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="category" label={t('category')} rules={[{ max: 64 }]}>
              <AutoComplete options={categories.map((c) => ({ value: c }))} data-testid="wf-basics-category" />
            </Form.Item>
          </Col>
          {!id && (
            <Col span={12}>
              <Form.Item name="formId" label={t('form')} rules={[required]} tooltip={t('formHint')}>
                <TreeSelect
                  treeData={tree}
                  treeDefaultExpandAll
                  showSearch
                  treeNodeFilterProp="title"
                  loading={models.isFetching}
                  placeholder={t('formHint')}
                  data-testid="wf-basics-form-select"
                />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Form.Item label={t('starters')} extra={t('startersHint')}>
          <Row gutter={8}>
            <Col span={8}>
              <Form.Item name="userIds" noStyle>
                <UserSelect multiple placeholder={t('starterUsers')} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="positionIds" noStyle>
                <PositionSelect multiple placeholder={t('starterPositions')} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="roleIds" noStyle>
                <RoleSelect multiple placeholder={t('starterRoles')} />
              </Form.Item>
            </Col>
          </Row>
        </Form.Item>
        <Form.Item name="description" label={t('description')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
