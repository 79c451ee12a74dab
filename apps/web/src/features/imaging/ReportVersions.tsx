import { Descriptions, Empty, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImagingReport } from '@medalliance/contract';
import { fmtTime } from './format.ts';
import { PositiveTag } from './StudyTable.tsx';
import { NS } from './messages.ts';
import './messages.ts';

/** Every report version of a study, newest first; a revision keeps the earlier ones readable. */
export function ReportVersions({ reports, showDrafts }: { reports: ImagingReport[]; showDrafts: boolean }) {
  const { t } = useTranslation(NS);
  const list = [...reports].filter((r) => showDrafts || !r.draft).sort((a, b) => b.version - a.version);
  if (!list.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noReport')} />;
  return (
    <div data-testid="img-report-versions">
      {list.map((r) => (
        <div
          key={r.id}
          className={`img-version${r.current && !r.draft ? ' img-version-current' : ''}`}
          data-testid={`img-report-v${r.version}`}
        >
          <Space wrap style={{ marginBottom: 6 }}>
            <Typography.Text strong>{t('detail.version', { v: r.version })}</Typography.Text>
            {r.draft ? <Tag color="gold">{t('detail.draft')}</Tag> : null}
            {r.current && !r.draft ? <Tag color="green">{t('detail.current')}</Tag> : null}
            <PositiveTag positive={r.positive} />
          </Space>
          <Descriptions size="small" column={2}>
            <Descriptions.Item label={t('detail.reporter')}>
              {r.reporterName ?? '—'} {r.reportedAt ? <Typography.Text type="secondary">{fmtTime(r.reportedAt)}</Typography.Text> : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.auditor')}>
              {r.auditorName ?? '—'} {r.auditedAt ? <Typography.Text type="secondary">{fmtTime(r.auditedAt)}</Typography.Text> : null}
            </Descriptions.Item>
            {r.method ? (
              <Descriptions.Item label={t('report.method')} span={2}>
                {r.method}
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('report.findings')} span={2}>
              <pre className="img-report-text">{r.findings || '—'}</pre>
            </Descriptions.Item>
            <Descriptions.Item label={t('report.impression')} span={2}>
              <pre className="img-report-text" data-testid="img-report-impression">
                {r.impression || '—'}
              </pre>
            </Descriptions.Item>
            {r.advice ? (
              <Descriptions.Item label={t('report.advice')} span={2}>
                <pre className="img-report-text">{r.advice}</pre>
              </Descriptions.Item>
            ) : null}
          </Descriptions>
        </div>
      ))}
    </div>
  );
}
