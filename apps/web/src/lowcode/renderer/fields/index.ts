import type { FieldType } from '@medalliance/contract';
import { AmountField } from './AmountField.tsx';
import { CalculateField } from './CalculateField.tsx';
import { CascaderField, CheckboxField, DicSelectField, RadioField, SelectField, TreeSelectField } from './ChoiceFields.tsx';
import { BarcodeField, QrcodeField } from './CodeFields.tsx';
import { DateField, DateRangeField, TimeField, TimeRangeField } from './DateFields.tsx';
import { AlertField, ButtonField, LinkField, TextField } from './DisplayFields.tsx';
import { EditorField } from './EditorField.tsx';
import { InputField, PasswordField, TextareaField } from './InputFields.tsx';
import { NumberField, NumberRangeField, RateField, SliderField } from './NumberFields.tsx';
import { AreaField, DepartmentField, GroupField, OrganizeField, PositionField, RoleField, UserField, UsersField } from './OrgFields.tsx';
import { AttrField, AutoCompleteField, PopupSelectField, PopupTableSelectField } from './PopupFields.tsx';
import { RelationFormField } from './RelationFormField.tsx';
import { ServerFilledField } from './ServerFields.tsx';
import { SignField } from './SignField.tsx';
import { SubTableField } from './SubTable.tsx';
import { ColorField, SwitchField } from './SwitchField.tsx';
import type { FieldComponent } from './types.ts';
import { UploadFileField, UploadImgField } from './UploadFields.tsx';

export type { FieldComponent, FieldProps } from './types.ts';

/**
 * Field type → its edit component, for every type of the registry that is
 * not a layout container (FormLayout renders those). `satisfies` makes a type
 * added to the registry without a component here a compile error.
 */
export const FIELD_COMPONENTS = {
  input: InputField,
  textarea: TextareaField,
  inputNumber: NumberField,
  amount: AmountField,
  password: PasswordField,
  switch: SwitchField,
  radio: RadioField,
  checkbox: CheckboxField,
  select: SelectField,
  cascader: CascaderField,
  treeSelect: TreeSelectField,
  datePicker: DateField,
  timePicker: TimeField,
  dateRange: DateRangeField,
  timeRange: TimeRangeField,
  colorPicker: ColorField,
  rate: RateField,
  slider: SliderField,
  editor: EditorField,
  uploadFile: UploadFileField,
  uploadImg: UploadImgField,
  text: TextField,
  link: LinkField,
  button: ButtonField,
  alert: AlertField,
  organizeSelect: OrganizeField,
  depSelect: DepartmentField,
  posSelect: PositionField,
  roleSelect: RoleField,
  groupSelect: GroupField,
  userSelect: UserField,
  usersSelect: UsersField,
  dicSelect: DicSelectField,
  areaSelect: AreaField,
  popupSelect: PopupSelectField,
  popupTableSelect: PopupTableSelectField,
  popupAttr: AttrField,
  relationForm: RelationFormField,
  relationFormAttr: AttrField,
  autoComplete: AutoCompleteField,
  billRule: ServerFilledField,
  table: SubTableField,
  calculate: CalculateField,
  qrcode: QrcodeField,
  barcode: BarcodeField,
  numberRange: NumberRangeField,
  sign: SignField,
  createUser: ServerFilledField,
  createTime: ServerFilledField,
  modifyUser: ServerFilledField,
  modifyTime: ServerFilledField,
  currOrganize: ServerFilledField,
  currDept: ServerFilledField,
  currPosition: ServerFilledField,
} satisfies Record<Exclude<FieldType, LayoutType>, FieldComponent>;

/** The layout containers and decorations, drawn by FormLayout itself. */
export type LayoutType = 'row' | 'card' | 'tab' | 'tabItem' | 'collapse' | 'collapseItem' | 'groupTitle' | 'divider';

export function fieldComponent(type: FieldType): FieldComponent | undefined {
  return (FIELD_COMPONENTS as Partial<Record<FieldType, FieldComponent>>)[type];
}
