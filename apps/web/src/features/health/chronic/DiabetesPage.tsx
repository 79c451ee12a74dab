import { ChronicScreen } from './ChronicScreen.tsx';

/** Menu page diabetes_manage (issue 17). */
export default function DiabetesPage() {
  return <ChronicScreen programme="dm" />;
}
