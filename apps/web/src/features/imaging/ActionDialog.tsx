import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMAGING_TRANSITIONS, type ImagingAction, type ImagingCentre, type ImagingChecklistCode } from '@medalliance/contract';
import { imagingApi, type ActionBody } from './api.ts';
import { ChecklistField } from './ChecklistField.tsx';
import { NS } from './messages.ts';
import './messages.ts';

/** Actions that ask before they run (a comment, a choice, or just "are you sure"). */
export const ASKING = new Set<ImagingAction>(['qcReturn', 'triage', 'sendAudit', 'auditReturn', 'release', 'cancel']);
export const DANGER = new Set<ImagingAction>(['qcReturn', 'auditReturn', 'cancel']);

const WARN: Partial<Record<ImagingAction, string>> = {
  cancel: 'confirm.cancel',
  release: 'confirm.release',
  auditReturn: 'confirm.auditReturn',
  qcReturn: 'confirm.qcReturn',
};

interface Values {
  comment?: string;
  items?: ImagingChecklistCode[];
  readerId?: string;
  auditorId?: string;
}

/**
 * The confirmation of one action: what happens, and what it needs — the
 * checklist items and a comment to return images, the reader to triage to,
 * the (optional) auditor, the reason to return a report or cancel a study.
 */
export function ActionDialog({
  centre,
  action,
  exclude,
  busy,
  onCancel,
  onRun,
}: {
  centre: ImagingCentre;
  action: ImagingAction | null;
  /** A reader who may not be picked (the reporter, as auditor). */
  exclude?: string | null;
  busy: boolean;
  onCancel: () => void;
  onRun: (body: ActionBody) => Promise<void>;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const [err, setErr] = useState<string | null>(null);
  const needsReaders = action === 'triage' || action === 'sendAudit';
  const readers = useQuery({
    queryKey: ['imaging', centre, 'readers'],
    queryFn: async () => (await imagingApi(centre).readers()).data.list,
    enabled: needsReaders,
  });
  useEffect(() => {
    if (action) {
      form.resetFields();
      setErr(null);
    }
  }, [action, form]);
  if (!action) return null;
  const rule = IMAGING_TRANSITIONS[action];
  const readerOptions = (readers.data ?? [])
    .filter((r) => r.id !== exclude)
    .map((r) => ({
      value: r.id,
      label: (
        <Space size={4}>
          {r.realName}
          {r.rostered ? <Tag color="blue">{t('rostered')}</Tag> : null}
          <Tag>{t('readerOpen', { n: r.openCount })}</Tag>
        </Space>
      ),
      search: r.realName,
    }));
  return (
    <Modal
      open
      title={t('confirm.title', { action: t(`action.${action}`) })}
      okText={t('confirm.ok')}
      cancelText={t('confirm.no')}
      okButtonProps={{ danger: DANGER.has(action), 'data-testid': 'img-action-ok' } as never}
      confirmLoading={busy}
      onCancel={onCancel}
      destroyOnHidden
      width={action === 'qcReturn' ? 640 : 480}
      data-testid="img-action-dialog"
      onOk={async () => {
        const v = await form.validateFields();
        if (action === 'qcReturn' && !v.items?.length) return setErr(t('checklistRequired'));
        await onRun({
          comment: v.comment?.trim() ?? '',
          ...(v.items?.length ? { items: v.items } : {}),
          ...(v.readerId ? { readerId: v.readerId } : {}),
          ...(v.auditorId ? { auditorId: v.auditorId } : {}),
        });
      }}
    >
      <Alert
        type={DANGER.has(action) ? 'warning' : 'info'}
        showIcon
        message={t(WARN[action] ?? 'confirm.generic')}
        style={{ marginBottom: 12 }}
      />
      <Form form={form} layout="vertical">
        {action === 'triage' ? (
          <Form.Item name="readerId" label={t('pickReader')} rules={[{ required: true, message: t('readerRequired') }]}>
            <Select
              options={readerOptions}
              loading={readers.isFetching}
              showSearch
              optionFilterProp="search"
              data-testid="img-pick-reader"
              autoFocus
            />
          </Form.Item>
        ) : null}
        {action === 'sendAudit' ? (
          <Form.Item name="auditorId" label={t('pickAuditor')}>
            <Select
              allowClear
              options={readerOptions}
              loading={readers.isFetching}
              showSearch
              optionFilterProp="search"
              data-testid="img-pick-auditor"
            />
          </Form.Item>
        ) : null}
        {action === 'qcReturn' ? (
          <Form.Item name="items" label={t('checklistItems')} help={err ?? undefined} validateStatus={err ? 'error' : undefined}>
            <ChecklistField onChange={() => setErr(null)} />
          </Form.Item>
        ) : null}
        {ASKING.has(action) && action !== 'triage' && action !== 'release' ? (
          <Form.Item
            name="comment"
            label={t(action === 'cancel' ? 'reason' : 'comment')}
            rules={rule.commentRequired ? [{ required: true, whitespace: true, message: t('commentRequired') }] : []}
          >
            <Input.TextArea rows={3} maxLength={1000} showCount data-testid="img-action-comment" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
