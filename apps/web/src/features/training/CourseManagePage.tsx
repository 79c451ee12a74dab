import { useState } from 'react';
import { Button, Modal, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CourseRow } from '@medalliance/contract';
import { trainingApi } from './api.ts';
import { CourseDrawer } from './CourseDrawer.tsx';
import { CourseForm } from './CourseForm.tsx';
import { CourseTable } from './CourseTable.tsx';
import { NS } from './messages.ts';
import './training.css';

/** 课程管理 (course_manage): every course; new, edit, materials (upload), submit for review, close, remove drafts. */
export default function CourseManagePage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [editing, setEditing] = useState<CourseRow | 'new' | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: ['training'] });
  const confirm = (title: string, run: () => Promise<unknown>, danger = false) =>
    Modal.confirm({
      title,
      okButtonProps: { danger },
      onOk: async () => {
        await run();
        refresh();
      },
    });
  return (
    <>
      <CourseTable
        box="manage"
        testId="course-manage-page"
        statuses={['draft', 'pending', 'published', 'rejected', 'closed']}
        onOpen={(r) => setOpen(r.id)}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="course-new">
            {t('newCourse')}
          </Button>
        }
        actions={(r) => (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => setOpen(r.id)}>
              {t('materials')}
            </Button>
            {(r.status === 'draft' || r.status === 'rejected' || r.status === 'published') && (
              <Button type="link" size="small" onClick={() => setEditing(r)}>
                {t('edit')}
              </Button>
            )}
            {(r.status === 'draft' || r.status === 'rejected') && (
              <Button
                type="link"
                size="small"
                onClick={() => confirm(t('confirmSubmit', { title: r.title }), () => trainingApi.submitCourse(r.id))}
              >
                {t('submitReview')}
              </Button>
            )}
            {r.status === 'published' && (
              <Button
                type="link"
                size="small"
                onClick={() => confirm(t('confirmClose', { title: r.title }), () => trainingApi.closeCourse(r.id))}
              >
                {t('closeCourse')}
              </Button>
            )}
            {(r.status === 'draft' || r.status === 'rejected') && (
              <Button
                type="link"
                size="small"
                danger
                onClick={() => confirm(t('confirmRemove', { title: r.title }), () => trainingApi.removeCourse(r.id), true)}
              >
                {t('remove')}
              </Button>
            )}
          </Space>
        )}
      />
      {editing && (
        <CourseForm
          course={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {open && <CourseDrawer id={open} manage onClose={() => setOpen(null)} />}
    </>
  );
}
