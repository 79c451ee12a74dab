import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImagingCentre } from '@medalliance/contract';
import { NS } from './messages.ts';
import './messages.ts';

/** 超声 / 影像: only the centres the caller may use; hidden when there is one. */
export function CentreSwitch({
  centres,
  value,
  onChange,
}: {
  centres: ImagingCentre[];
  value: ImagingCentre | null;
  onChange: (c: ImagingCentre) => void;
}) {
  const { t } = useTranslation(NS);
  if (centres.length < 2 || !value) return null;
  return (
    <Segmented<ImagingCentre>
      data-testid="img-centre-switch"
      value={value}
      onChange={onChange}
      options={centres.map((c) => ({ value: c, label: t(`centre.${c}`) }))}
    />
  );
}
