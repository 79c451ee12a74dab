import { useEffect, useState } from 'react';
import { Form, Input, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AreaNode } from '@medalliance/contract';
import { areaApi, type AreaForm } from '../../../api/system.ts';
import { FormModal } from '../common/FormModal.tsx';
import { DescriptionField, EnabledMarkField, FullNameField, SortCodeField } from '../common/recordFields.tsx';
import { NS } from '../messages.ts';

const ROOT = '-1';

interface Props {
  editing: AreaNode | null;
  /** For a new area: its parent; for an edit: the current parent. */
  parent: { id: string; fullName: string } | null;
  defaultType: number | null;
  onClose: () => void;
  onSaved: (parentIds: string[]) => void;
}

interface Option {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
}

export function AreaFormModal({ editing, parent, defaultType, onClose, onSaved }: Props) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<AreaForm>();
  const root: Option = { id: ROOT, pId: '', value: ROOT, title: t('area.top'), isLeaf: false };
  const [options, setOptions] = useState<Option[]>(() =>
    parent && parent.id !== ROOT ? [root, { id: parent.id, pId: ROOT, value: parent.id, title: parent.fullName, isLeaf: false }] : [root],
  );

  useEffect(() => {
    if (editing) {
      void areaApi.info(editing.id).then((res) =>
        form.setFieldsValue({
          parentId: res.data.parentId,
          fullName: res.data.fullName,
          enCode: res.data.enCode,
          simpleSpelling: res.data.simpleSpelling ?? '',
          type: res.data.type ?? null,
          sortCode: res.data.sortCode,
          enabledMark: res.data.enabledMark,
          description: res.data.description ?? '',
        }),
      );
    }
  }, [editing, form]);
  const initialValues: AreaForm = editing
    ? {
        parentId: editing.parentId,
        fullName: editing.fullName,
        enCode: editing.enCode,
        type: editing.type,
        sortCode: editing.sortCode,
        enabledMark: editing.enabledMark,
      }
    : {
        parentId: parent?.id ?? ROOT,
        fullName: '',
        enCode: '',
        simpleSpelling: '',
        type: defaultType ?? 1,
        sortCode: 0,
        enabledMark: 1,
        description: '',
      };

  const loadLevel = async (id: string) => {
    const res = await areaApi.selector(id, editing?.id ?? '0');
    setOptions((prev) => {
      const seen = new Set(prev.map((o) => o.id));
      const add = res.data.list
        .filter((n) => !seen.has(n.id))
        .map((n) => ({ id: n.id, pId: id, value: n.id, title: n.fullName, isLeaf: !n.hasChildren }));
      return [...prev, ...add];
    });
  };

  const levelOptions = [1, 2, 3, 4, 5].map((v) => ({ value: v, label: t(`area.type${v}`) }));

  return (
    <FormModal<AreaForm>
      open
      form={form}
      title={editing ? t('area.edit') : t('area.add')}
      onClose={onClose}
      testId="ma-area-modal"
      initialValues={initialValues}
      onSubmit={async (values) => {
        const body = { ...values, simpleSpelling: values.simpleSpelling || null, description: values.description || null };
        if (editing) await areaApi.update(editing.id, body);
        else await areaApi.create(body);
        onSaved([...new Set([body.parentId, editing?.parentId ?? body.parentId])]);
      }}
    >
      <Form.Item name="parentId" label={t('area.parent')} rules={[{ required: true }]}>
        <TreeSelect
          treeDataSimpleMode
          treeData={options}
          loadData={async (node) => {
            if (!options.some((o) => o.pId === node.value)) await loadLevel(String(node.value));
          }}
          showSearch={{ treeNodeFilterProp: 'title' }}
        />
      </Form.Item>
      <FullNameField label={t('area.name')} />
      <Form.Item
        name="enCode"
        label={t('area.code')}
        rules={[
          { required: true, message: t('required', { name: t('area.code') }) },
          { pattern: /^[A-Za-z0-9]+$/, message: t('area.codeRule') },
          { max: 20 },
        ]}
      >
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="type" label={t('area.level')}>
        <Select options={levelOptions} allowClear />
      </Form.Item>
      <Form.Item name="simpleSpelling" label={t('area.simpleSpelling')}>
        <Input maxLength={50} />
      </Form.Item>
      <SortCodeField />
      <EnabledMarkField />
      <DescriptionField />
    </FormModal>
  );
}
