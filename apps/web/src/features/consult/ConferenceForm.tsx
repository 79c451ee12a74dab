import { useState } from 'react';
import { DatePicker, Form, Input, Modal, Radio, Select, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.ts';
import { ChunkUploader } from '../../components/upload/index.ts';
import { consultApi, type ConferenceRow, type Options } from './api.ts';
import { NS } from './messages.ts';

/** Organisations as a tree for the participant picker (an organisation brings its whole subtree). */
function orgTree(orgs: Options['orgs']) {
  type Node = { value: string; title: string; children: Node[] };
  const nodes = new Map<string, Node>(orgs.map((o) => [o.id, { value: o.id, title: o.fullName, children: [] }]));
  const roots: Node[] = [];
  for (const o of orgs) {
    const parent = nodes.get(o.parentId);
    if (parent) parent.children.push(nodes.get(o.id)!);
    else roots.push(nodes.get(o.id)!);
  }
  return roots;
}

/** Apply for (or edit) a conference: time, on site or online, agenda, attachments, participants by organisation, role or user. */
export function ConferenceForm({ row, onClose, onDone }: { row?: ConferenceRow; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const mode = Form.useWatch('mode', form) as string | undefined;
  const options = useQuery({ queryKey: ['consult', 'options'], queryFn: async () => (await consultApi.options()).data });
  const submit = async () => {
    const v = await form.validateFields();
    const body = {
      title: v.title,
      mode: v.mode,
      startAt: v.range[0].valueOf(),
      endAt: v.range[1].valueOf(),
      place: v.place ?? '',
      link: v.link ?? '',
      agenda: v.agenda ?? '',
      orgIds: v.orgIds ?? [],
      roleIds: v.roleIds ?? [],
      userIds: v.userIds ?? [],
      attachments: v.attachments ?? [],
    };
    setBusy(true);
    try {
      if (row) await consultApi.updateConference(row.id, body);
      else await consultApi.applyConference(body);
      toast.success(t('saved'));
      onDone();
    } finally {
      setBusy(false);
    }
  };
  const initial = row
    ? { ...row, range: [dayjs(row.startAt), dayjs(row.endAt)], ...row.targets }
    : { mode: 'online', range: [dayjs().add(1, 'day').hour(14).minute(0).second(0), dayjs().add(1, 'day').hour(16).minute(0).second(0)] };
  return (
    <Modal
      open
      width={720}
      title={row ? t('editConference') : t('applyConference')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'conference-form-ok' } as never}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} data-testid="conference-form">
        <Form.Item name="title" label={t('conferenceTitle')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
          <Input maxLength={200} data-testid="conference-title" />
        </Form.Item>
        <Form.Item name="range" label={t('conferenceTime')} rules={[{ required: true, message: t('required') }]}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="conference-range" />
        </Form.Item>
        <Form.Item name="mode" label={t('conferenceMode')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'online', label: t('online') },
              { value: 'offline', label: t('offline') },
            ]}
          />
        </Form.Item>
        {mode === 'offline' ? (
          <Form.Item name="place" label={t('place')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
            <Input maxLength={200} />
          </Form.Item>
        ) : (
          <Form.Item name="link" label={t('link')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
            <Input maxLength={500} placeholder="https://" data-testid="conference-link" />
          </Form.Item>
        )}
        <Form.Item name="agenda" label={t('agenda')}>
          <Input.TextArea rows={4} maxLength={4000} />
        </Form.Item>
        <Form.Item name="orgIds" label={t('byOrg')}>
          <TreeSelect
            multiple
            treeCheckable={false}
            allowClear
            treeDefaultExpandAll={false}
            treeData={orgTree(options.data?.orgs ?? [])}
            showSearch
            treeNodeFilterProp="title"
          />
        </Form.Item>
        <Form.Item name="roleIds" label={t('byRole')}>
          <Select mode="multiple" allowClear options={(options.data?.roles ?? []).map((r) => ({ value: r.id, label: r.fullName }))} />
        </Form.Item>
        <Form.Item name="userIds" label={t('byUser')}>
          <Select
            mode="multiple"
            allowClear
            showSearch
            optionFilterProp="label"
            data-testid="conference-users"
            options={(options.data?.users ?? []).map((u) => ({ value: u.id, label: u.realName }))}
          />
        </Form.Item>
        <Form.Item name="attachments" label={t('attachments')}>
          <ChunkUploader />
        </Form.Item>
      </Form>
    </Modal>
  );
}
