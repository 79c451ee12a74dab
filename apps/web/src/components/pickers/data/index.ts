/** Data pickers of spec §2.6: controlled form fields (value / onChange). */
export { AddressSelect, type AddressSelectProps } from './AddressSelect.tsx';
export { BillTemplateDialog, BillTemplateSelect, type BillTemplateDialogProps, type BillTemplateSelectProps } from './BillTemplateDialog.tsx';
export { DictionarySelect, type DictionarySelectProps } from './DictionarySelect.tsx';
export { InterfaceSelect, type InterfaceSelectProps } from './InterfaceSelect.tsx';
export { NumberRange, type NumberRangeProps } from './NumberRange.tsx';
export { PopupAttr, type PopupAttrProps } from './PopupAttr.tsx';
export { PopupSelect, type PopupSelectProps } from './PopupSelect.tsx';
export { PopupTableSelect, type PopupTableSelectProps } from './PopupTableSelect.tsx';
export { useRelationData } from './relationData.ts';
export type { ColumnOption, TemplateParam } from './interfaceCall.ts';
