import { useState } from 'react';
import { Badge, Card, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { healthApi, type WorklistKind } from '../shared/healthApi.ts';
import { ResidentTable } from './ResidentTable.tsx';
import { NS } from './messages.ts';

/** Worklists as tabs with their counts: 待处理人员 (pending) and 异常人员 (exceptions). */
function Worklists({ kinds }: { kinds: WorklistKind[] }) {
  const { t } = useTranslation(NS);
  const [active, setActive] = useState<WorklistKind>(kinds[0]!);
  const counts = useQuery({ queryKey: ['health', 'worklistCounts'], queryFn: async () => (await healthApi.worklistCounts()).data });
  return (
    <Card>
      <Tabs
        activeKey={active}
        onChange={(k) => setActive(k as WorklistKind)}
        items={kinds.map((k) => ({
          key: k,
          label: (
            <span data-testid={`wl-${k}`}>
              {t(`wl.${k}`)}{' '}
              <Badge count={counts.data?.[k] ?? 0} overflowCount={99999} showZero color={k === 'pendingAudit' ? 'blue' : 'orange'} />
            </span>
          ),
          children: active === k ? <ResidentTable worklist={k} /> : null,
        }))}
      />
    </Card>
  );
}

export function PendingPage() {
  return <Worklists kinds={['pendingAudit', 'toCancel']} />;
}

export function ExceptionsPage() {
  return <Worklists kinds={['incomplete', 'inactive', 'duplicates', 'badPhone']} />;
}
