import { KpiScreen } from './KpiScreen.tsx';

/** Menu page of the health KPIs (issue 17). */
export default function AreaStatisticsPage() {
  return <KpiScreen programmes={['htn', 'dm']} focus="area" />;
}
