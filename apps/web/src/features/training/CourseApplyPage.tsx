import { useState } from 'react';
import { Button, Tabs } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CourseRow } from '@medalliance/contract';
import { ApplicationTable } from './ApplicationTable.tsx';
import { ApplyModal } from './ApplyModal.tsx';
import { CourseDrawer } from './CourseDrawer.tsx';
import { CourseTable } from './CourseTable.tsx';
import { useTrainingMeta } from './shared.tsx';
import { NS } from './messages.ts';
import './training.css';

/**
 * 课程申请 (course_apply): the catalogue to apply from, my applications, and
 * for the training centre the applications waiting for it (approved or
 * rejected through the workflow engine, as in 待办) and all of them.
 */
export default function CourseApplyPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const meta = useTrainingMeta();
  const [applying, setApplying] = useState<CourseRow | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const rights = meta.data?.rights;
  const centre = !!(rights?.review || rights?.manage);
  const canApply = (r: CourseRow) => r.status === 'published' && r.myApply !== 'pending' && r.myApply !== 'approved';
  return (
    <div data-testid="course-apply-page">
      <Tabs
        key={meta.data ? 'ready' : 'loading'}
        tabBarStyle={{ paddingInline: 16, marginBottom: 12, background: 'var(--ant-color-bg-container, #fff)' }}
        defaultActiveKey={centre ? 'todo' : 'catalogue'}
        items={[
          ...(centre ? [{ key: 'todo', label: t('tabTodo'), children: <ApplicationTable box="todo" /> }] : []),
          {
            key: 'catalogue',
            label: t('tabCatalogue'),
            children: (
              <CourseTable
                box="catalogue"
                testId="course-catalogue"
                onOpen={(r) => setOpen(r.id)}
                actions={(r) =>
                  rights?.apply && canApply(r) ? (
                    <Button size="small" type="primary" onClick={() => setApplying(r)} data-testid={`apply-${r.courseNo}`}>
                      {t('applyAttend')}
                    </Button>
                  ) : (
                    <Button size="small" type="link" onClick={() => setOpen(r.id)}>
                      {t('view')}
                    </Button>
                  )
                }
              />
            ),
          },
          { key: 'mine', label: t('tabMine'), children: <ApplicationTable box="mine" /> },
          ...(centre ? [{ key: 'all', label: t('tabAll'), children: <ApplicationTable box="all" /> }] : []),
        ]}
      />
      {applying && (
        <ApplyModal
          course={applying}
          onClose={() => setApplying(null)}
          onDone={() => {
            setApplying(null);
            void client.invalidateQueries({ queryKey: ['training'] });
          }}
        />
      )}
      {open && <CourseDrawer id={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
