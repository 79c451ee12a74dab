import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerField, type OrgPickerProps } from './PickerField.tsx';
import { groupSource } from './sources.ts';
import { NS } from './messages.ts';

const TYPES = ['group'] as const;

/** Group select (spec §2.6): 'group selection', the two-pane layout over the enabled groups. */
export function GroupSelect(props: OrgPickerProps) {
  const { t } = useTranslation(NS);
  const source = useMemo(() => groupSource(), []);
  return <PickerField {...props} kind="group" source={source} types={TYPES} defaultTitle={t('picker.group')} />;
}
