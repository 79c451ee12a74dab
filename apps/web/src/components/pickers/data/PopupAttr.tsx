import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from './messages.ts';
import { useRelationData } from './relationData.ts';

export interface PopupAttrProps {
  /** The field name of the popup picker whose chosen record is shown. */
  relationField: string;
  /** The column of that record to show. */
  showField: string;
  placeholder?: string;
  id?: string;
}

/**
 * Read-only display of one attribute of the record chosen in a popup picker
 * (spec §2.6). It is not a form value: nothing is saved.
 */
export function PopupAttr({ relationField, showField, placeholder, id }: PopupAttrProps) {
  const { t } = useTranslation(NS);
  const record = useRelationData((s) => s.records[relationField]);
  const v = record?.[showField];
  const text = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return <Input id={id} readOnly value={text} placeholder={placeholder ?? t('picker.attrPlaceholder')} data-testid="ma-popup-attr" />;
}
