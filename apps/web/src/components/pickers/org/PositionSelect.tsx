import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerField, type OrgPickerProps } from './PickerField.tsx';
import { positionSource } from './sources.ts';
import { NS } from './messages.ts';

const TYPES = ['position'] as const;

export interface PositionSelectProps extends OrgPickerProps {
  /** 'custom': positions of the permitted departments plus the listed positions only (spec §5.2). */
  selectType?: 'all' | 'custom';
  ableDepIds?: string[];
  ablePosIds?: string[];
}

/** Position select (spec §2.6): 'choose position'; positions hang under their organisations. */
export function PositionSelect({ selectType = 'all', ableDepIds, ablePosIds, ...props }: PositionSelectProps) {
  const { t } = useTranslation(NS);
  const deps = (ableDepIds ?? []).join(',');
  const pos = (ablePosIds ?? []).join(',');
  const source = useMemo(
    () =>
      selectType === 'custom'
        ? positionSource({ departIds: deps ? deps.split(',') : [], positionIds: pos ? pos.split(',') : [] })
        : positionSource(),
    [selectType, deps, pos],
  );
  return <PickerField {...props} kind="position" source={source} types={TYPES} defaultTitle={t('picker.position')} />;
}
