import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../app/stores/userStore.ts';
import { PickerField, type OrgPickerProps } from './PickerField.tsx';
import { authOrgMode } from './selection.ts';
import { authOrganizeSource } from './sources.ts';
import { NS } from './messages.ts';

export interface AuthOrganizeSelectProps extends OrgPickerProps {
  /** 'Only org' mode: organisations (with the top node for administrators) rather than companies and departments within reach. */
  onlyOrg?: boolean;
  /** The node being edited: it and its subtree are left out (a node cannot move under itself). */
  currOrgId?: string;
  /** Pickable types; by default companies and departments. */
  types?: readonly string[];
}

const ORG_TYPES = ['company', 'department'] as const;

/**
 * The authorized organization picker (spec §6): loads its tree in 'only org'
 * mode for an administrator, 'only org' mode for anyone else (their own
 * organisations' subtrees), or the general mode, by the user's isAdministrator.
 */
export function AuthOrganizeSelect({ onlyOrg = false, currOrgId = '', types = ORG_TYPES, ...props }: AuthOrganizeSelectProps) {
  const { t } = useTranslation(NS);
  const isAdministrator = useUser((s) => !!s.userInfo?.isAdministrator);
  const mode = authOrgMode(isAdministrator, onlyOrg);
  const source = useMemo(() => authOrganizeSource(mode, currOrgId, t('picker.topNode')), [mode, currOrgId, t]);
  return <PickerField {...props} kind="authOrganize" source={source} types={types} defaultTitle={t('picker.organize')} />;
}
