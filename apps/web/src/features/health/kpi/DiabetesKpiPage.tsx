import { KpiScreen } from './KpiScreen.tsx';

/** Menu page of the health KPIs (issue 17). */
export default function DiabetesKpiPage() {
  return <KpiScreen programmes={['dm']} focus="chronic" />;
}
