import { ChronicScreen } from './ChronicScreen.tsx';

/** Menu page hypertension_manage (issue 17). */
export default function HypertensionPage() {
  return <ChronicScreen programme="htn" />;
}
