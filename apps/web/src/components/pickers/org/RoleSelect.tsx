import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickerTab } from './PickerDialog.tsx';
import { PickerField, type OrgPickerProps } from './PickerField.tsx';
import { splitRoleTabs } from './selection.ts';
import { roleSource } from './sources.ts';
import { NS } from './messages.ts';

const TYPES = ['role'] as const;

export interface RoleSelectProps extends OrgPickerProps {
  /** Only the roles the signed-in user may hand out (the user form). */
  byPermission?: boolean;
}

/**
 * Role select (spec §2.6, §4): 'choose role' with the tabs 'organization' and
 * 'global'; the node with id '1' (the global roles) goes to 'global'.
 */
export function RoleSelect({ byPermission = false, ...props }: RoleSelectProps) {
  const { t } = useTranslation(NS);
  const source = useMemo(() => roleSource(byPermission), [byPermission]);
  const tabs: PickerTab[] = useMemo(
    () => [
      { key: 'organization', label: t('picker.tabOrganization'), select: (roots) => splitRoleTabs(roots).organization },
      { key: 'global', label: t('picker.tabGlobal'), select: (roots) => splitRoleTabs(roots).global },
    ],
    [t],
  );
  return <PickerField {...props} kind="role" source={source} types={TYPES} tabs={tabs} defaultTitle={t('picker.role')} />;
}
