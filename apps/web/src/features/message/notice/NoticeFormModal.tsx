import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Radio, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { NOTICE_TITLE_MAX, type FileEntry, type NoticeTargets } from '@medalliance/contract';
import { OrganizeSelect, RoleSelect, UserSelect } from '../../../components/pickers/org/index.ts';
import { ChunkUploader } from '../../../components/upload/index.ts';
import { QuillEditor } from '../../system/printDev/QuillEditor.tsx';
import '../../system/messages.ts';
import '../../system/printDev/messages.ts';
import { noticeApi, type NoticeSave } from './noticeApi.ts';
import { NS } from './messages.ts';

interface FormValues {
  title: string;
  files: FileEntry[];
  scope: 'all' | 'chosen';
  organizeIds: string[];
  roleIds: string[];
  userIds: string[];
}

const EMPTY: FormValues = { title: '', files: [], scope: 'all', organizeIds: [], roleIds: [], userIds: [] };
const ids = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? v.split(',') : []);

/**
 * A notice's form (spec §7.2 POST / PUT): title, rich text (the project's
 * Quill editor; the server sanitizes it again when it stores it),
 * attachments through the chunk uploader, and the recipients: everyone, or
 * organisations (with their subtrees), roles and users. "Save and release"
 * saves, then asks the page to confirm the release.
 */
export function NoticeFormModal({
  editingId,
  onClose,
  onSaved,
}: {
  editingId: string | null;
  onClose: () => void;
  onSaved: (id: string, title: string, release: boolean) => void;
}) {
  const { t, i18n } = useTranslation(NS);
  const [form] = Form.useForm<FormValues>();
  const [body, setBody] = useState('');
  const [loaded, setLoaded] = useState(editingId === null);
  const [saving, setSaving] = useState(false);
  const scope = Form.useWatch('scope', form);

  useEffect(() => {
    if (!editingId) return;
    let live = true;
    void noticeApi.get(editingId).then((res) => {
      if (!live) return;
      const n = res.data;
      form.setFieldsValue({
        title: n.title,
        files: n.files,
        scope: n.targets.all ? 'all' : 'chosen',
        organizeIds: n.targets.organizeIds,
        roleIds: n.targets.roleIds,
        userIds: n.targets.userIds,
      });
      setBody(n.bodyText);
      setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [editingId, form]);

  const save = async (release: boolean) => {
    const v = await form.validateFields();
    const targets: NoticeTargets =
      v.scope === 'all'
        ? { all: true, organizeIds: [], roleIds: [], userIds: [] }
        : { all: false, organizeIds: ids(v.organizeIds), roleIds: ids(v.roleIds), userIds: ids(v.userIds) };
    const payload: NoticeSave = { title: v.title.trim(), bodyText: body, files: v.files ?? [], targets };
    setSaving(true);
    try {
      const id = editingId ?? (await noticeApi.create(payload)).data.id;
      if (editingId) await noticeApi.update(editingId, payload);
      onSaved(id, payload.title, release);
      onClose();
    } finally {
      setSaving(false);
    }
  };

  const anyTarget = () => ({
    validator: async () => {
      const v = form.getFieldsValue();
      if (v.scope === 'all' || ids(v.organizeIds).length + ids(v.roleIds).length + ids(v.userIds).length > 0) return;
      throw new Error(t('form.targetsRequired'));
    },
  });

  return (
    <Modal
      open
      width={1000}
      title={editingId ? t('edit') : t('add')}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      data-testid="ma-notice-form"
      footer={
        <Space>
          <Button onClick={onClose}>{t('cancel', { ns: 'system' })}</Button>
          <Button loading={saving} onClick={() => void save(false)} data-testid="ma-notice-save">
            {t('form.save')}
          </Button>
          <Button type="primary" loading={saving} onClick={() => void save(true)} data-testid="ma-notice-save-release">
            {t('form.saveRelease')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={!loaded}>
        <Form<FormValues> form={form} layout="vertical" initialValues={EMPTY} requiredMark>
          <Form.Item name="title" label={t('form.title')} rules={[{ required: true, whitespace: true, message: t('form.titleRequired') }]}>
            <Input maxLength={NOTICE_TITLE_MAX} showCount placeholder={t('form.titlePlaceholder')} data-testid="ma-notice-title" />
          </Form.Item>
          <Form.Item label={t('form.body')}>
            {/* Mounted once the stored body is here: the editor reads its value when it is created. */}
            {loaded ? <QuillEditor key={`${editingId ?? 'new'}-${i18n.language}`} value={body} onChange={setBody} minHeight={240} /> : null}
          </Form.Item>
          <Form.Item name="files" label={t('form.files')} valuePropName="value">
            <ChunkUploader limit={20} fileSize={20} type="annex" showTip />
          </Form.Item>
          <Form.Item name="scope" label={t('form.targets')}>
            <Radio.Group
              options={[
                { value: 'all', label: t('form.all') },
                { value: 'chosen', label: t('form.chosen') },
              ]}
              data-testid="ma-notice-scope"
            />
          </Form.Item>
          {scope === 'chosen' ? (
            <div className="ma-notice-targets">
              <Form.Item name="organizeIds" label={t('form.organizes')} rules={[anyTarget()]} dependencies={['roleIds', 'userIds']}>
                <OrganizeSelect multiple aria-label={t('form.organizes')} />
              </Form.Item>
              <Form.Item name="roleIds" label={t('form.roles')}>
                <RoleSelect multiple aria-label={t('form.roles')} />
              </Form.Item>
              <Form.Item name="userIds" label={t('form.users')}>
                <UserSelect multiple aria-label={t('form.users')} />
              </Form.Item>
            </div>
          ) : null}
        </Form>
      </Spin>
    </Modal>
  );
}
