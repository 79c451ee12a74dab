import { useRef, useState } from 'react';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from '@medalliance/contract';
import { HttpError } from '../../../api/http.ts';
import { toast } from '../../../app/feedback.ts';
import { UserSelect } from '../../../components/pickers/org/index.ts';
import { ChunkUploader } from '../../../components/upload/index.ts';
import { detailApi, type InstanceDetail } from './detailApi.ts';
import { missingChoice } from './fieldAccess.ts';
import { NS } from './messages.ts';
import { SignaturePad, uploadSignature, type SignaturePadHandle } from './SignaturePad.tsx';

export type ActionKind = 'approve' | 'reject' | 'transfer' | 'addSigner' | 'recall' | 'withdraw' | 'urge';

interface Values {
  opinion?: string;
  target?: string;
  toUserId?: string;
  userIds?: string[];
  position?: 'before' | 'after';
  attachments?: FileEntry[];
  chosen?: Record<string, string[]>;
}

/** Actions whose dialog takes attachments and a handwritten signature. */
const SIGNED: ActionKind[] = ['approve', 'reject'];

/**
 * One action's small dialog: opinion (required to reject), the action's own
 * fields (reject target, transfer user, signers, next approvers), optional
 * attachments and signature; then the action's route. `formData` gives an
 * approval the fields the node writes (already validated by the page).
 */
export function ActionDialog({
  kind,
  detail,
  formData,
  onClose,
  onDone,
}: {
  kind: ActionKind;
  detail: InstanceDetail;
  formData: () => Promise<Record<string, unknown> | null>;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const pad = useRef<SignaturePadHandle | null>(null);
  const { buttons, myTask, instance } = detail;
  const taskId = myTask?.id ?? '';

  const send = async (v: Values) => {
    const opinion = (v.opinion ?? '').trim();
    const attachments = (v.attachments ?? []).map((f) => ({ fileId: f.fileId, name: f.fileName ?? f.name }));
    const signed = async () => {
      const blob = SIGNED.includes(kind) ? await pad.current?.toBlob() : null;
      return blob ? await uploadSignature(blob, t('signatureFailed')) : undefined;
    };
    switch (kind) {
      case 'approve': {
        const data = await formData();
        if (data === null) return false;
        const chosen = v.chosen ?? {};
        const missing = missingChoice(buttons.chooseNext, chosen);
        if (missing) {
          toast.error(t('chooseApproverRequired', { node: missing.name }));
          return false;
        }
        const signatureFileId = await signed();
        await detailApi.approve(taskId, {
          opinion,
          attachments,
          signatureFileId,
          ...(Object.keys(data).length ? { formData: data } : {}),
          ...(buttons.chooseNext.length ? { chosenApprovers: chosen } : {}),
        });
        return true;
      }
      case 'reject':
        await detailApi.reject(taskId, { opinion, attachments, target: v.target ?? 'starter', signatureFileId: await signed() });
        return true;
      case 'transfer':
        await detailApi.transfer(taskId, { toUserId: v.toUserId!, opinion });
        return true;
      case 'addSigner':
        await detailApi.addSigner(taskId, { userIds: v.userIds ?? [], position: v.position ?? 'after', opinion });
        return true;
      case 'recall':
        await detailApi.recall(buttons.recall!, { opinion });
        return true;
      case 'withdraw':
        await detailApi.withdraw(instance.id, { opinion });
        return true;
      case 'urge':
        await detailApi.urge(instance.id);
        return true;
    }
  };

  const ok = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      if (await send(v)) {
        toast.success(t('done'));
        onDone();
      }
    } catch (e) {
      // The http client showed the server's message; an upload failure is shown here.
      if (!(e instanceof HttpError) && e instanceof Error && e.message) toast.error(e.message);
    } finally {
      setBusy(false);
    }
  };

  const confirmText =
    kind === 'urge' ? t('confirmUrge') : kind === 'recall' ? t('confirmRecall') : kind === 'withdraw' ? t('confirmWithdraw') : null;
  const hasOpinion = kind !== 'urge';
  return (
    <Modal
      open
      title={t(`action.${kind}`)}
      onCancel={onClose}
      onOk={() => void ok()}
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      okButtonProps={{ danger: kind === 'reject', ...({ 'data-testid': 'wfd-dialog-ok' } as Record<string, string>) }}
      width={560}
      destroyOnHidden
      maskClosable={false}
    >
      <div data-testid={`wfd-dialog-${kind}`}>
        {confirmText && <p className="wfd-confirm-text">{confirmText}</p>}
        <Form form={form} layout="vertical" initialValues={{ target: 'starter', position: 'after' }}>
          {kind === 'reject' && buttons.rejectTargets.length > 0 && (
            <Form.Item name="target" label={t('rejectTo')}>
              <Select
                options={[
                  { value: 'starter', label: t('rejectToStarter') },
                  ...buttons.rejectTargets.map((n) => ({ value: n.id, label: n.name })),
                ]}
              />
            </Form.Item>
          )}
          {kind === 'transfer' && (
            <Form.Item name="toUserId" label={t('transferTo')} rules={[{ required: true, message: t('transferRequired') }]}>
              <UserSelect />
            </Form.Item>
          )}
          {kind === 'addSigner' && (
            <>
              <Form.Item name="userIds" label={t('signers')} rules={[{ required: true, message: t('signersRequired') }]}>
                <UserSelect multiple />
              </Form.Item>
              <Form.Item name="position" label={t('signerPosition')}>
                <Radio.Group
                  options={[
                    { value: 'before', label: t('position.before') },
                    { value: 'after', label: t('position.after') },
                  ]}
                />
              </Form.Item>
            </>
          )}
          {kind === 'approve' &&
            buttons.chooseNext.map((n) => (
              <Form.Item
                key={n.id}
                name={['chosen', n.id]}
                label={t('chooseApprover', { node: n.name })}
                rules={[{ required: true, message: t('chooseApproverRequired', { node: n.name }) }]}
                getValueFromEvent={(v: string | string[]) => (Array.isArray(v) ? v : [v])}
              >
                <UserSelect multiple />
              </Form.Item>
            ))}
          {hasOpinion && (
            <Form.Item
              name="opinion"
              label={t('opinion')}
              rules={kind === 'reject' ? [{ required: true, whitespace: true, message: t('opinionRequired') }] : []}
            >
              <Input.TextArea rows={3} maxLength={2000} showCount placeholder={t('opinionPlaceholder')} data-testid="wfd-opinion" />
            </Form.Item>
          )}
          {SIGNED.includes(kind) && (
            <>
              <Form.Item name="attachments" label={t('attachments')}>
                <ChunkUploader limit={5} fileSize={20} sizeUnit="MB" />
              </Form.Item>
              <Form.Item label={t('signature')}>
                <SignaturePad handle={pad} />
              </Form.Item>
            </>
          )}
        </Form>
      </div>
    </Modal>
  );
}
