import { useRef, useState } from 'react';
import { Alert, Button, Col, Row, Space } from 'antd';
import { FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReportDefinition, ReportRunInput, ReportRunResult } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { NS } from '../messages.ts';
import { ReportChartView } from './ReportCharts.tsx';
import { ReportFilters, type ParamValues } from './ReportFilters.tsx';
import { ReportTable } from './ReportTable.tsx';
import './report.css';

interface Props {
  title: string;
  definition: ReportDefinition;
  defaults: ParamValues;
  /** Identifies the report in the query cache (its id, or the draft being designed). */
  queryKey: unknown[];
  run: (input: ReportRunInput) => Promise<ReportRunResult>;
  onExport?: (input: ReportRunInput) => Promise<void>;
  testId?: string;
}

/**
 * A report on screen: the filter bar of its parameters, its charts and table
 * from the same run (same filters), sort and paging on the server, the
 * subtotal and total rows, Excel export and print (only the report prints).
 */
export function ReportView({ title, definition, defaults, queryKey, run, onExport, testId = 'report-view' }: Props) {
  const { t } = useTranslation(NS);
  const [values, setValues] = useState<ParamValues>(defaults);
  const [applied, setApplied] = useState<ParamValues>(defaults);
  const [page, setPage] = useState({ currentPage: 1, pageSize: definition.pageSize, sidx: '', sort: 'asc' as 'asc' | 'desc' });
  const [exporting, setExporting] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const input: ReportRunInput = { params: applied as ReportRunInput['params'], ...page };
  const result = useQuery({
    queryKey: ['report', 'run', ...queryKey, input],
    queryFn: () => run(input),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = result.data;
  const charts = data?.definition.charts ?? [];
  const at = (pos: string) => charts.map((c, i) => ({ c, i })).filter(({ c }) => c.position === pos);
  const side = [...at('left'), ...at('right')];

  const search = () => {
    setApplied(values);
    setPage((p) => ({ ...p, currentPage: 1 }));
  };
  const reset = () => {
    setValues(defaults);
    setApplied(defaults);
    setPage((p) => ({ ...p, currentPage: 1 }));
  };
  const doExport = async () => {
    if (!onExport) return;
    setExporting(true);
    try {
      await onExport({ ...input, currentPage: 1 });
      toast.success(t('exported'));
    } finally {
      setExporting(false);
    }
  };

  /** Marks this report and the page for the print stylesheet while the browser prints. */
  const print = () => {
    const html = document.documentElement;
    const target = root.current;
    html.classList.add('report-printing');
    target?.classList.add('report-print-target');
    const done = () => {
      html.classList.remove('report-printing');
      target?.classList.remove('report-print-target');
      window.removeEventListener('afterprint', done);
    };
    window.addEventListener('afterprint', done);
    window.print();
  };

  const table = <ReportTable result={data} loading={result.isFetching} sidx={page.sidx} sort={page.sort} onChange={(p) => setPage(p)} />;
  return (
    <div className="report-view" ref={root} data-testid={testId}>
      <div className="report-head">
        <h2 className="report-title">{title}</h2>
        <Space className="report-noprint">
          {onExport && (
            <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void doExport()} data-testid="report-export">
              {t('export')}
            </Button>
          )}
          <Button icon={<PrinterOutlined />} onClick={print} data-testid="report-print">
            {t('print')}
          </Button>
        </Space>
      </div>
      <ReportFilters params={definition.params} values={values} onChange={setValues} onSearch={search} onReset={reset} />
      {result.isError && (
        <Alert
          type="error"
          showIcon
          className="report-error"
          data-testid="report-error"
          message={t('runFailed')}
          description={(result.error as Error).message}
          action={
            <Button size="small" onClick={() => void result.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      )}
      {data && at('top').map(({ c, i }) => <ReportChartView key={i} chart={c} index={i} result={data} />)}
      {data && side.length ? (
        <Row gutter={16}>
          {at('left').length > 0 && (
            <Col xs={24} lg={9}>
              {at('left').map(({ c, i }) => (
                <ReportChartView key={i} chart={c} index={i} result={data} />
              ))}
            </Col>
          )}
          <Col xs={24} lg={15}>
            {table}
          </Col>
          {at('right').length > 0 && (
            <Col xs={24} lg={9}>
              {at('right').map(({ c, i }) => (
                <ReportChartView key={i} chart={c} index={i} result={data} />
              ))}
            </Col>
          )}
        </Row>
      ) : (
        table
      )}
    </div>
  );
}
