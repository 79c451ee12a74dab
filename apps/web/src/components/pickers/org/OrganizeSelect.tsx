import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerField, type OrgPickerProps } from './PickerField.tsx';
import { organizeConditionSource, organizeSource } from './sources.ts';
import { NS } from './messages.ts';

const TYPES = ['company', 'department'] as const;

export interface OrganizeSelectProps extends OrgPickerProps {
  /** 'custom': only `ableIds` and their subtrees may be chosen. */
  selectType?: 'all' | 'custom';
  ableIds?: string[];
}

/**
 * Organization select (spec §2.6): 'choose organization', 800 px, a search
 * tree of companies and departments on the left (loaded level by level),
 * the 'selected' list on the right; disabled organisations are ignored.
 */
export function OrganizeSelect({ selectType = 'all', ableIds, ...props }: OrganizeSelectProps) {
  const { t } = useTranslation(NS);
  const key = selectType === 'custom' ? (ableIds ?? []).join(',') : '';
  const source = useMemo(
    () => (selectType === 'custom' ? organizeConditionSource(key ? key.split(',') : []) : organizeSource()),
    [selectType, key],
  );
  return <PickerField {...props} kind="organize" source={source} types={TYPES} defaultTitle={t('picker.organize')} />;
}
