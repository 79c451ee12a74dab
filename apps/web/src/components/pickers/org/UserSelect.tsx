import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerField, type OrgPickerProps } from './PickerField.tsx';
import { userConditionSource, userSource } from './sources.ts';
import { NS } from './messages.ts';

const TYPES = ['user'] as const;

export interface UserSelectProps extends OrgPickerProps {
  /** 'custom': only users of the permitted organisations, positions, roles, groups or listed users. */
  selectType?: 'all' | 'custom';
  ableDepIds?: string[];
  ablePosIds?: string[];
  ableRoleIds?: string[];
  ableGroupIds?: string[];
  ableUserIds?: string[];
  onEmptyConfirm?: () => void;
}

/**
 * User picker (spec §2.6): users in a tree by organisation (one level at a
 * time) plus keyword search, with their head icons.
 */
export function UserSelect({
  selectType = 'all',
  ableDepIds,
  ablePosIds,
  ableRoleIds,
  ableGroupIds,
  ableUserIds,
  onEmptyConfirm,
  ...props
}: UserSelectProps) {
  const { t } = useTranslation(NS);
  const able = JSON.stringify({
    departIds: ableDepIds,
    positionIds: ablePosIds,
    roleIds: ableRoleIds,
    groupIds: ableGroupIds,
    userIds: ableUserIds,
  });
  const source = useMemo(() => (selectType === 'custom' ? userConditionSource(JSON.parse(able)) : userSource()), [selectType, able]);
  return (
    <PickerField {...props} kind="user" source={source} types={TYPES} defaultTitle={t('picker.user')} onEmptyConfirm={onEmptyConfirm} />
  );
}
