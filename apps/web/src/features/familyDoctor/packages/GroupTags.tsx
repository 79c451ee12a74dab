import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { FD_POPULATION_GROUPS } from '@medalliance/contract';
import { NS as TEAMS } from '../teams/messages.ts';
import '../teams/messages.ts';

/** Population groups (§4 人群分类) as tags; every group listed means "all". */
export function GroupTags({ groups }: { groups: string[] }) {
  const { t } = useTranslation(TEAMS);
  if (groups.length >= FD_POPULATION_GROUPS.length) return <Tag>{t('group.all')}</Tag>;
  return (
    <>
      {groups.map((g) => (
        <Tag key={g} className="fd-member-tag">
          {t(`group.${g}`)}
        </Tag>
      ))}
    </>
  );
}

/** The population groups as select options. */
export function useGroupOptions() {
  const { t } = useTranslation(TEAMS);
  return FD_POPULATION_GROUPS.map((g) => ({ value: g, label: t(`group.${g}`) }));
}
