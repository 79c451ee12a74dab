import { Form, Input, Radio, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  dictionaryApi,
  type DictionaryData,
  type DictionaryDataForm,
  type DictionaryOption,
  type DictionaryType,
} from '../../../api/system.ts';
import { mapTree } from '../../../lookups/tree.ts';
import { FormModal } from '../common/FormModal.tsx';
import { DescriptionField, EnCodeField, EnabledMarkField, FullNameField, SortCodeField } from '../common/recordFields.tsx';
import { NS } from '../messages.ts';

/** Where the form reads its parent choices and saves: the Dictionaries screen's routes, or a dictionary page's (menu type 4). */
export interface DataFormSource {
  /** Tells cached parent lists of different sources apart. */
  key: string;
  parents: (typeId: string, excludeId: string) => Promise<DictionaryOption[]>;
  save: (id: string | null, body: DictionaryDataForm) => Promise<unknown>;
}

const systemSource: DataFormSource = {
  key: 'system',
  parents: async (typeId, excludeId) => (await dictionaryApi.parentSelector(typeId, excludeId, true)).data.list,
  save: (id, body) => (id ? dictionaryApi.updateData(id, body) : dictionaryApi.createData(body)),
};

interface Props {
  open: boolean;
  type: Pick<DictionaryType, 'id' | 'isTree'>;
  editing: DictionaryData | null;
  /** Parent for a new item of a tree type. */
  parentId?: string;
  onClose: () => void;
  onSaved: () => void;
  source?: DataFormSource;
}

const ROOT = '0';

export function DataFormModal({ open, type, editing, parentId, onClose, onSaved, source = systemSource }: Props) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<DictionaryDataForm>();
  const isTree = type.isTree === 1;
  const parents = useQuery({
    queryKey: ['system', 'dictionary', 'dataSelector', source.key, type.id, editing?.id ?? ROOT],
    queryFn: () => source.parents(type.id, editing?.id ?? ROOT),
    enabled: open && isTree,
  });
  const initialValues: DictionaryDataForm = editing
    ? {
        dictionaryTypeId: type.id,
        parentId: editing.parentId,
        fullName: editing.fullName,
        enCode: editing.enCode,
        simpleSpelling: editing.simpleSpelling ?? '',
        isDefault: editing.isDefault,
        sortCode: editing.sortCode,
        enabledMark: editing.enabledMark,
        description: editing.description ?? '',
      }
    : {
        dictionaryTypeId: type.id,
        parentId: parentId ?? ROOT,
        fullName: '',
        enCode: '',
        simpleSpelling: '',
        isDefault: 0,
        sortCode: 0,
        enabledMark: 1,
        description: '',
      };

  return (
    <FormModal<DictionaryDataForm>
      open={open}
      form={form}
      title={editing ? t('dict.editData') : t('dict.addData')}
      onClose={onClose}
      testId="ma-dict-data-modal"
      initialValues={initialValues}
      onSubmit={async (values) => {
        const body = {
          ...values,
          dictionaryTypeId: type.id,
          parentId: isTree ? values.parentId || ROOT : ROOT,
          simpleSpelling: values.simpleSpelling || null,
          description: values.description || null,
        };
        await source.save(editing?.id ?? null, body);
        onSaved();
      }}
    >
      <Form.Item name="dictionaryTypeId" hidden>
        <Input />
      </Form.Item>
      {isTree ? (
        <Form.Item name="parentId" label={t('dict.parentData')}>
          <TreeSelect
            loading={parents.isLoading}
            treeDefaultExpandAll
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeData={mapTree(parents.data ?? [], (n) => ({ value: n.id, title: n.fullName }))}
          />
        </Form.Item>
      ) : (
        <Form.Item name="parentId" hidden>
          <Input />
        </Form.Item>
      )}
      <FullNameField label={t('dict.itemName')} max={100} />
      <EnCodeField label={t('dict.itemCode')} />
      <Form.Item name="simpleSpelling" label={t('dict.simpleSpelling')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="isDefault" label={t('dict.isDefault')}>
        <Radio.Group
          options={[
            { value: 1, label: t('yes') },
            { value: 0, label: t('no') },
          ]}
        />
      </Form.Item>
      <SortCodeField />
      <EnabledMarkField />
      <DescriptionField />
    </FormModal>
  );
}
