import { useEffect, useState } from 'react';
import { Tag, Tooltip } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fmtDuration, fmtTime } from './format.ts';
import { NS } from './messages.ts';
import './messages.ts';

/** The current time, refreshed every `ms` (one timer per mounted countdown; a page shows at most a page of rows). */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

/**
 * The SLA countdown of a study's current stage. The server says how much time
 * was left when it answered (`remainingMs`, by its own clock); the screen
 * counts down from the moment the answer arrived (`since`), so a skewed
 * workstation clock does not move deadlines.
 */
export function Countdown({
  remainingMs,
  since,
  dueAt,
  breached,
}: {
  remainingMs: number | null;
  since: number;
  dueAt: number | null;
  breached: boolean;
}) {
  const { t } = useTranslation(NS);
  const now = useNow(30_000);
  if (remainingMs === null) return <span>—</span>;
  const left = remainingMs - Math.max(0, now - since);
  const over = breached || left < 0;
  const soon = !over && left < 30 * 60_000;
  return (
    <Tooltip title={dueAt ? fmtTime(dueAt) : undefined}>
      <Tag
        icon={<ClockCircleOutlined />}
        color={over ? 'red' : soon ? 'orange' : 'default'}
        data-testid={over ? 'img-sla-over' : 'img-sla-left'}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {over ? t('sla.over', { t: fmtDuration(t, left) }) : t('sla.left', { t: fmtDuration(t, left) })}
      </Tag>
    </Tooltip>
  );
}
