import { Card, Rate, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { consultApi } from './api.ts';
import { ConsultList } from './ConsultList.tsx';
import { NS } from './messages.ts';

/** 会诊评价 (consult_eval_list): average score per expert, then the evaluated consultations. */
export default function EvalListPage() {
  const { t } = useTranslation(NS);
  const data = useQuery({ queryKey: ['consult', 'expertScores'], queryFn: async () => (await consultApi.expertScores()).data.list });
  return (
    <div data-testid="consult-eval-page">
      <Card title={t('byExpert')} style={{ marginBottom: 12 }}>
        <Table
          rowKey="userId"
          size="small"
          loading={data.isFetching}
          dataSource={data.data ?? []}
          pagination={false}
          columns={[
            { title: t('experts'), dataIndex: 'realName', width: 140 },
            { title: t('department'), dataIndex: 'deptName', width: 180 },
            { title: t('evaluatedCount'), dataIndex: 'count', width: 140 },
            {
              title: t('averageScore'),
              dataIndex: 'average',
              render: (v: number | null) =>
                v === null ? (
                  '—'
                ) : (
                  <span>
                    <Rate disabled allowHalf value={Math.round(v * 2) / 2} /> {v.toFixed(2)}
                  </span>
                ),
            },
          ]}
        />
      </Card>
      <ConsultList box="all" columns="eval" fixedState="evaluated" />
    </div>
  );
}
