import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { IMAGING_CHECKLIST, type ImagingChecklistCode } from '@medalliance/contract';
import { NS } from './messages.ts';
import './messages.ts';

/** The 16-item image-quality checklist (health-domain.md §3) as checkboxes, in its order; a form control. */
export function ChecklistField({
  value,
  onChange,
  testId = 'img-checklist',
}: {
  value?: ImagingChecklistCode[];
  onChange?: (v: ImagingChecklistCode[]) => void;
  testId?: string;
}) {
  const { t } = useTranslation(NS);
  return (
    <div className="img-checklist" data-testid={testId}>
      <Checkbox.Group
        value={value ?? []}
        onChange={(v) => onChange?.(v as ImagingChecklistCode[])}
        options={IMAGING_CHECKLIST.map((c) => ({ value: c, label: `${c.slice(1)}. ${t(`check.${c}`)}` }))}
      />
    </div>
  );
}
