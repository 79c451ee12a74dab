import { useState } from 'react';
import { Button, Input, Modal, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CourseRow } from '@medalliance/contract';
import { trainingApi } from './api.ts';
import { CourseDrawer } from './CourseDrawer.tsx';
import { CourseTable } from './CourseTable.tsx';
import { NS } from './messages.ts';

/** 课程审核 (course_review): submitted courses; publish, or send back with a reason. */
export default function CourseReviewPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [open, setOpen] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<CourseRow | null>(null);
  const [comment, setComment] = useState('');
  const refresh = () => void client.invalidateQueries({ queryKey: ['training'] });
  return (
    <>
      <CourseTable
        box="review"
        testId="course-review-page"
        statuses={['pending', 'published', 'rejected']}
        defaultStatus="pending"
        onOpen={(r) => setOpen(r.id)}
        actions={(r) =>
          r.status === 'pending' ? (
            <Space size={4}>
              <Button
                size="small"
                type="primary"
                onClick={() =>
                  Modal.confirm({
                    title: t('confirmPublish', { title: r.title }),
                    onOk: async () => {
                      await trainingApi.reviewCourse(r.id, 'approve', '');
                      refresh();
                    },
                  })
                }
              >
                {t('publish')}
              </Button>
              <Button size="small" danger onClick={() => (setRejecting(r), setComment(''))}>
                {t('sendBack')}
              </Button>
            </Space>
          ) : (
            <Button type="link" size="small" onClick={() => setOpen(r.id)}>
              {t('view')}
            </Button>
          )
        }
      />
      <Modal
        open={!!rejecting}
        title={t('sendBackTitle', { title: rejecting?.title ?? '' })}
        okButtonProps={{ danger: true, disabled: comment.trim().length < 2 }}
        onCancel={() => setRejecting(null)}
        onOk={async () => {
          await trainingApi.reviewCourse(rejecting!.id, 'reject', comment.trim());
          setRejecting(null);
          refresh();
        }}
        destroyOnHidden
      >
        <Input.TextArea
          rows={3}
          maxLength={500}
          showCount
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          placeholder={t('rejectReasonHint')}
        />
      </Modal>
      {open && <CourseDrawer id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
