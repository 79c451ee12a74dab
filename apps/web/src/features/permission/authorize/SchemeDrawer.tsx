import { useMemo, useState } from 'react';
import { Alert, Button, Drawer, Empty, Form, Input, InputNumber, Modal, Space, Switch, Table, TreeSelect, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConditionOp } from '@medalliance/contract';
import { authorizeApi, type AuthNode, type DataScheme } from '../../../api/permission.ts';
import { toast } from '../../../app/feedback.ts';
import { NS } from '../messages.ts';
import { useFormRules } from '../shared/rules.ts';
import { useConfirm } from '../shared/useConfirm.ts';
import { ConditionEditor } from './ConditionEditor.tsx';
import {
  describeConditions,
  emptyGroup,
  fromConditionJson,
  toConditionJson,
  validateGroups,
  type CondGroup,
  type FieldDef,
} from './conditionBuilder.ts';

interface MenuOption {
  value: string;
  title: string;
  selectable: boolean;
  children?: MenuOption[];
}

/** Menus as a tree to choose from: applications and directories only group. */
function menuOptions(list: AuthNode[]): MenuOption[] {
  return list.map((n) => ({
    value: n.id,
    title: n.fullName,
    selectable: n.type === 'module' && n.menuType !== 1,
    ...(n.children?.length ? { children: menuOptions(n.children) } : {}),
  }));
}

interface SchemeValues {
  fullName: string;
  enCode: string;
  sortCode?: number;
  description?: string;
}

/** Create / edit one scheme: name, code and its conditions. */
function SchemeForm({
  moduleId,
  scheme,
  fields,
  tokens,
  onClose,
  onSaved,
}: {
  moduleId: string;
  scheme: DataScheme | 'new';
  fields: FieldDef[];
  tokens: string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(NS);
  const rules = useFormRules();
  const [form] = Form.useForm<SchemeValues>();
  const editing = scheme === 'new' ? null : scheme;
  const [groups, setGroups] = useState<CondGroup[]>(() => (editing ? fromConditionJson(editing.conditionJson) : [emptyGroup()]));
  const [checked, setChecked] = useState(false);
  const errors = useMemo(() => (checked ? validateGroups(groups, fields) : new Map()), [checked, groups, fields]);
  const words = {
    op: (op: ConditionOp) => t(`op.${op}`),
    token: (tok: string) => t(`token.${tok}`),
    and: t('scheme.and'),
    or: t('scheme.or'),
    allRows: t('scheme.allRows'),
  };
  const text = describeConditions(groups, fields, words);

  const save = useMutation({
    mutationFn: async (v: SchemeValues): Promise<unknown> => {
      const body = {
        moduleId,
        fullName: v.fullName.trim(),
        enCode: v.enCode.trim(),
        conditionJson: JSON.stringify(toConditionJson(groups, fields)),
        conditionText: text,
        sortCode: v.sortCode ?? 0,
        description: v.description?.trim() || null,
      };
      return editing ? authorizeApi.updateScheme(editing.id, body) : authorizeApi.createScheme(body);
    },
    onSuccess: () => {
      toast.success(t('common.saved'));
      onSaved();
      onClose();
    },
  });

  const submit = (v: SchemeValues) => {
    setChecked(true);
    if (validateGroups(groups, fields).size) return;
    save.mutate(v);
  };

  return (
    <Modal
      open
      title={editing ? t('scheme.editTitle') : t('scheme.addTitle')}
      width={820}
      onCancel={onClose}
      mask={{ closable: false }}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending }}
    >
      <Form<SchemeValues>
        name="scheme"
        form={form}
        layout="horizontal"
        labelCol={{ flex: '96px' }}
        wrapperCol={{ flex: 1 }}
        initialValues={
          editing
            ? {
                fullName: editing.fullName,
                enCode: editing.enCode,
                sortCode: editing.sortCode,
                description: editing.description ?? undefined,
              }
            : { sortCode: 0 }
        }
        onFinish={submit}
        className="ma-perm-form"
      >
        <Space.Compact block style={{ gap: 16 }}>
          <Form.Item
            name="fullName"
            label={t('scheme.fullName')}
            rules={[rules.required(t('scheme.fullName')), rules.max(100)]}
            style={{ flex: 1 }}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="enCode"
            label={t('scheme.enCode')}
            rules={[rules.required(t('scheme.enCode')), rules.enCode, rules.max(50)]}
            style={{ flex: 1 }}
          >
            <Input maxLength={50} />
          </Form.Item>
        </Space.Compact>
        <Form.Item label={t('scheme.conditions')}>
          <ConditionEditor value={groups} onChange={setGroups} fields={fields} tokens={tokens} errors={errors} />
        </Form.Item>
        <Form.Item label={t('scheme.conditionText')}>
          <div className="ma-scheme-text" data-testid="scheme-text">
            {text}
          </div>
        </Form.Item>
        <Form.Item name="sortCode" label={t('common.sortCode')}>
          <InputNumber min={0} max={999999} precision={0} />
        </Form.Item>
        <Form.Item name="description" label={t('common.description')} rules={[rules.max(500)]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/**
 * Data-permission schemes of one menu (server-contract §2): turn row
 * permissions on or off for the menu, and create, edit and delete its schemes
 * (conditions on the fields the menu offers).
 */
export function SchemeDrawer({
  open,
  onClose,
  menus,
  onChanged,
}: {
  open: boolean;
  onClose: () => void;
  menus: AuthNode[];
  onChanged: () => void;
}) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const confirm = useConfirm();
  const [moduleId, setModuleId] = useState<string | undefined>();
  const [editing, setEditing] = useState<DataScheme | 'new' | null>(null);
  const options = useMemo(() => menuOptions(menus), [menus]);

  const schemes = useQuery({
    queryKey: ['permission', 'schemes', moduleId],
    queryFn: async () => (await authorizeApi.schemes(moduleId!)).data,
    enabled: open && !!moduleId,
  });
  const fields = useQuery({
    queryKey: ['permission', 'schemeFields', moduleId],
    queryFn: async () => (await authorizeApi.schemeFields(moduleId!)).data,
    enabled: open && !!moduleId,
    staleTime: 300_000,
  });
  const changed = () => {
    void client.invalidateQueries({ queryKey: ['permission', 'schemes', moduleId] });
    onChanged();
  };
  const toggle = useMutation({
    mutationFn: (on: boolean) => authorizeApi.switchData(moduleId!, on),
    onSuccess: () => {
      toast.success(t('common.stateChanged'));
      changed();
    },
  });
  const remove = (s: DataScheme) =>
    confirm(t('common.deleteConfirm'), async () => {
      await authorizeApi.removeScheme(s.id);
      toast.success(t('common.deleted'));
      changed();
    });

  const fieldDefs = fields.data?.list ?? [];
  const columns: ColumnsType<DataScheme> = [
    { title: t('scheme.fullName'), dataIndex: 'fullName', width: 150 },
    { title: t('scheme.enCode'), dataIndex: 'enCode', width: 160 },
    { title: t('scheme.conditionText'), dataIndex: 'conditionText', ellipsis: true },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 120,
      render: (_, s) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(s)}>
            {t('common.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => remove(s)}>
            {t('common.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Drawer open={open} onClose={onClose} title={t('scheme.title')} size={760} destroyOnHidden>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Space wrap>
          <span>{t('scheme.module')}</span>
          <TreeSelect
            style={{ width: 320 }}
            value={moduleId}
            onChange={(v: string) => setModuleId(v)}
            treeData={options}
            treeDefaultExpandAll={false}
            showSearch
            treeNodeFilterProp="title"
            placeholder={t('scheme.chooseModule')}
            listHeight={360}
            virtual
          />
        </Space>
        {!moduleId ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scheme.chooseModule')} />
        ) : (
          <>
            <Space align="start">
              <Switch
                checked={schemes.data?.isDataAuthorize === 1}
                loading={toggle.isPending || schemes.isFetching}
                onChange={(on) => toggle.mutate(on)}
                aria-label={t('scheme.switch')}
              />
              <div>
                <div>{t('scheme.switch')}</div>
                <Typography.Text type="secondary">{t('scheme.switchHint')}</Typography.Text>
              </div>
            </Space>
            {fields.data && !fieldDefs.length ? <Alert type="info" showIcon title={t('scheme.noFields')} /> : null}
            <div className="ma-perm-toolbar">
              <Button type="primary" icon={<PlusOutlined />} disabled={!fieldDefs.length} onClick={() => setEditing('new')}>
                {t('scheme.addTitle')}
              </Button>
            </div>
            <Table<DataScheme>
              rowKey="id"
              size="small"
              loading={schemes.isFetching}
              dataSource={schemes.data?.list ?? []}
              columns={columns}
              pagination={false}
              locale={{ emptyText: t('common.noData') }}
            />
          </>
        )}
      </Space>
      {editing && moduleId ? (
        <SchemeForm
          moduleId={moduleId}
          scheme={editing}
          fields={fieldDefs}
          tokens={fields.data?.tokens ?? []}
          onClose={() => setEditing(null)}
          onSaved={changed}
        />
      ) : null}
    </Drawer>
  );
}
