import { KpiScreen } from './KpiScreen.tsx';

/** Menu page of the health KPIs (issue 17). */
export default function ChronicStandardPage() {
  return <KpiScreen programmes={['htn', 'dm']} focus="chronic" />;
}
