import { useState } from 'react';
import { Card, Result, Spin, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { examsApi } from './api.ts';
import { MarkingTab } from './MarkingTab.tsx';
import { NS } from './messages.ts';
import { PapersTab } from './PapersTab.tsx';
import { QuestionBankTab } from './QuestionBankTab.tsx';
import { StatsTab } from './StatsTab.tsx';
import './exams.css';

/** 考试管理 (exam_manage): the question bank, papers, marking and statistics, one tab each. */
export default function ExamManagePage() {
  const { t } = useTranslation(NS);
  const [tab, setTab] = useState('bank');
  const meta = useQuery({ queryKey: ['trainingExams', 'meta'], queryFn: async () => (await examsApi.meta()).data.rights });
  if (meta.isPending) return <Spin className="exam-loading" />;
  const rights = meta.data;
  if (!rights?.manage) return <Result status="403" title={t('noRight')} />;
  return (
    <Card data-testid="exam-manage-page" className="exam-screen">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'bank', label: <span data-testid="exam-tab-bank">{t('tab.bank')}</span>, children: <QuestionBankTab rights={rights} /> },
          { key: 'papers', label: <span data-testid="exam-tab-papers">{t('tab.papers')}</span>, children: <PapersTab rights={rights} /> },
          {
            key: 'marking',
            label: <span data-testid="exam-tab-marking">{t('tab.marking')}</span>,
            children: <MarkingTab rights={rights} />,
          },
          { key: 'stats', label: <span data-testid="exam-tab-stats">{t('tab.stats')}</span>, children: <StatsTab /> },
        ]}
      />
    </Card>
  );
}
