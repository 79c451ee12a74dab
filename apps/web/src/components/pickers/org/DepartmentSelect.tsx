import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerField, type OrgPickerProps } from './PickerField.tsx';
import { organizeConditionSource, organizeSource } from './sources.ts';
import { NS } from './messages.ts';

const TYPES = ['department'] as const;

export interface DepartmentSelectProps extends OrgPickerProps {
  /** 'custom': only the permitted departments (`ableDepIds` and their subtrees) show (spec §5.2). */
  selectType?: 'all' | 'custom';
  ableDepIds?: string[];
}

/** Department select (spec §2.6): 'choose department'; companies only group, departments are picked. */
export function DepartmentSelect({ selectType = 'all', ableDepIds, ...props }: DepartmentSelectProps) {
  const { t } = useTranslation(NS);
  const key = selectType === 'custom' ? (ableDepIds ?? []).join(',') : '';
  const source = useMemo(
    () => (selectType === 'custom' ? organizeConditionSource(key ? key.split(',') : []) : organizeSource()),
    [selectType, key],
  );
  return <PickerField {...props} kind="organize" source={source} types={TYPES} defaultTitle={t('picker.department')} />;
}
