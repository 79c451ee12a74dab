import { KpiScreen } from './KpiScreen.tsx';

/** Menu page of the health KPIs (issue 17). */
export default function HypertensionKpiPage() {
  return <KpiScreen programmes={['htn']} focus="chronic" />;
}
