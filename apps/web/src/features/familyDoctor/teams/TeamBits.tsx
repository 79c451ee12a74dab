import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FdTeamMember, FdTeamStatus } from '@medalliance/contract';
import { NS } from './messages.ts';

const STATUS_COLOR: Record<FdTeamStatus, string> = {
  draft: 'default',
  pending: 'gold',
  active: 'green',
  rejected: 'red',
  disabled: 'default',
};
const ROLE_COLOR = { doctor: 'blue', nurse: 'magenta', public_health: 'cyan' } as const;

export function StatusTag({ status }: { status: FdTeamStatus }) {
  const { t } = useTranslation(NS);
  return (
    <Tag color={STATUS_COLOR[status]} data-testid={`fd-team-status-${status}`}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** Members as "name · role" tags. */
export function MemberTags({ members }: { members: FdTeamMember[] }) {
  const { t } = useTranslation(NS);
  return (
    <>
      {members.map((m) => (
        <Tag key={m.userId} color={ROLE_COLOR[m.role]} className="fd-member-tag">
          {m.realName ?? m.account} · {t(`role.${m.role}`)}
        </Tag>
      ))}
    </>
  );
}
