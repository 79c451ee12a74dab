import { useState } from 'react';
import { Button, Space } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ImagingCentre, ImagingStudyRow } from '@medalliance/contract';
import { PrintReport } from '../PrintReport.tsx';
import { QuickActions } from '../QuickActions.tsx';
import { StudyWorklist, type RowTools } from '../StudyWorklist.tsx';
import { useImagingMeta } from '../useImagingMeta.ts';
import { NS } from '../messages.ts';
import '../messages.ts';

/** 报告查询 (ultras_report_query): every study the caller may see, by state and date; each opens with all its report versions. */
export function UltrasoundReportQuery() {
  return (
    <StudyWorklist
      centre="ultrasound"
      testId="img-report-query"
      tabs={[{ key: 'all', list: 'all', filters: true, show: { released: true, positive: true, auditor: true } }]}
    />
  );
}

function ReleaseRow({ centre, row, tools }: { centre: ImagingCentre; row: ImagingStudyRow; tools: RowTools }) {
  const { t } = useTranslation(NS);
  const [printing, setPrinting] = useState(false);
  if (row.status !== 'released' && row.status !== 'revised')
    return <QuickActions centre={centre} row={row} actions={['release']} onOpen={tools.open} />;
  return (
    <Space size={4}>
      <Button
        size="small"
        type="primary"
        ghost
        icon={<PrinterOutlined />}
        onClick={() => setPrinting(true)}
        data-testid={`img-row-print-${row.id}`}
      >
        {t('print')}
      </Button>
      <Button size="small" onClick={() => tools.open(row.id)}>
        {t('open')}
      </Button>
      {printing ? <PrintReport centre={centre} studyId={row.id} onClose={() => setPrinting(false)} /> : null}
    </Space>
  );
}

/**
 * 发布 (ultras_release_query / img_publish): audited reports waiting for
 * release (for the centre), and the released ones to print with the unit's
 * header and a verification QR code; the applying township sees its own here.
 */
function ReleaseScreen({ centre }: { centre: ImagingCentre }) {
  const meta = useImagingMeta(centre);
  const reader = !!meta.data?.isReader;
  return (
    <StudyWorklist
      key={reader ? 'reader' : 'unit'}
      centre={centre}
      testId={`img-release-${centre}`}
      tabs={[
        { key: 'released', list: 'released', show: { released: true, positive: true, auditor: true } },
        ...(reader ? [{ key: 'toRelease', list: 'all' as const, status: 'audited', show: { remaining: true, auditor: true } }] : []),
      ]}
      extra={(r, tools) => <ReleaseRow centre={centre} row={r} tools={tools} />}
    />
  );
}

export const UltrasoundRelease = () => <ReleaseScreen centre="ultrasound" />;
export const ImagingPublish = () => <ReleaseScreen centre="imaging" />;
