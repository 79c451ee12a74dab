import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from './messages.ts';
import './messages.ts';

/** A term date (a UTC midnight) as YYYY-MM-DD, the same in every zone. */
export const fmtDay = (ms: number | null | undefined) => (ms === null || ms === undefined ? '—' : new Date(ms).toISOString().slice(0, 10));
export const fmtTime = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '—' : new Date(ms).toLocaleString(undefined, { hour12: false });
/** A picked calendar day (local) as the UTC midnight of that day: what the server stores. */
export const utcDay = (d: { year(): number; month(): number; date(): number }) => Date.UTC(d.year(), d.month(), d.date());
export const yuan = (fen: number) => (fen / 100).toFixed(2);

const CONTRACT_COLOR: Record<string, string> = { pending: 'gold', signed: 'green', renewed: 'cyan', terminated: 'red', expired: 'default' };
const TASK_COLOR: Record<string, string> = {
  '0': 'blue',
  '1': 'green',
  '2': 'orange',
  '3': 'gold',
  '4': 'red',
  '8': 'default',
  '9': 'default',
};
const AUTH_COLOR: Record<string, string> = { '0': 'default', '1': 'green', '2': 'red' };
const AUDIT_COLOR: Record<string, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

export function ContractStatus({ status }: { status: string }) {
  const { t } = useTranslation(NS);
  return (
    <Tag color={CONTRACT_COLOR[status]} data-testid="fd-contract-status">
      {t(`status.${status}`)}
    </Tag>
  );
}
export function TaskStatus({ status }: { status: string }) {
  const { t } = useTranslation(NS);
  return (
    <Tag color={TASK_COLOR[status]} data-testid="fd-task-status">
      {t(`task.${status}`)}
    </Tag>
  );
}
export function AuthTag({ value }: { value: string }) {
  const { t } = useTranslation(NS);
  return (
    <Tag color={AUTH_COLOR[value]} data-testid="fd-auth">
      {t(`auth.${value}`)}
    </Tag>
  );
}
export function AuditTag({ value }: { value: string }) {
  const { t } = useTranslation(NS);
  return <Tag color={AUDIT_COLOR[value]}>{t(`audit.${value}`)}</Tag>;
}
export function GroupTags({ groups }: { groups: string[] }) {
  const { t } = useTranslation(NS);
  return (
    <>
      {groups.map((g) => (
        <Tag key={g} color={g === '10' ? 'default' : 'purple'}>
          {t(`group.${g}`)}
        </Tag>
      ))}
    </>
  );
}
