import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CourseRow } from '@medalliance/contract';
import { trainingApi } from './api.ts';
import { NS } from './messages.ts';

/** Apply to attend a course: the application goes to the training centre's approval flow. */
export function ApplyModal({ course, onClose, onDone }: { course: CourseRow; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={t('applyTitle', { title: course.title })}
      okText={t('submitApply')}
      okButtonProps={{ loading: busy, ...{ 'data-testid': 'apply-submit' } }}
      onCancel={onClose}
      onOk={async () => {
        setBusy(true);
        try {
          await trainingApi.apply(course.id, reason.trim());
          onDone();
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('applyHint')}</Typography.Paragraph>
      <Input.TextArea
        rows={3}
        maxLength={500}
        showCount
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder={t('applyReason')}
        data-testid="apply-reason"
      />
    </Modal>
  );
}
