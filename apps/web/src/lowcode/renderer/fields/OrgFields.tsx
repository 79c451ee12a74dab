import {
  DepartmentSelect,
  GroupSelect,
  OrganizeSelect,
  PositionSelect,
  RoleSelect,
  UserSelect,
  type OrgPickerProps,
} from '../../../components/pickers/org/index.ts';
import { AddressSelect } from '../../../components/pickers/data/index.ts';
import type { FieldProps } from './types.ts';

/** The house organisation pickers, one per field type; a multiple picker's value is a list of ids. */
function pickerProps({ field, value, onChange, id, disabled }: FieldProps, multiple = !!field.multiple): OrgPickerProps {
  return {
    id,
    multiple,
    value: (value ?? null) as string | string[] | null,
    onChange: (v) => onChange?.(v),
    disabled: disabled || field.disabled || field.readonly,
    allowClear: field.clearable !== false,
    placeholder: field.placeholder,
  };
}

// organizeSelect stores the chosen organisation's path (an array), users select a list of users.
export const OrganizeField = (p: FieldProps) => <OrganizeSelect {...pickerProps(p, true)} />;
export const DepartmentField = (p: FieldProps) => <DepartmentSelect {...pickerProps(p)} />;
export const PositionField = (p: FieldProps) => <PositionSelect {...pickerProps(p)} />;
export const RoleField = (p: FieldProps) => <RoleSelect {...pickerProps(p)} />;
export const GroupField = (p: FieldProps) => <GroupSelect {...pickerProps(p)} />;
export const UserField = (p: FieldProps) => <UserSelect {...pickerProps(p)} />;
export const UsersField = (p: FieldProps) => <UserSelect {...pickerProps(p, true)} />;

/** Province / city / district: the chosen path of area ids (several paths when multiple). */
export function AreaField({ field, value, onChange, id, disabled }: FieldProps) {
  return (
    <AddressSelect
      id={id}
      value={Array.isArray(value) ? (value as string[]) : []}
      onChange={(v) => onChange?.(v)}
      depth={typeof field.props?.level === 'number' ? field.props.level + 1 : undefined}
      multiple={field.multiple}
      disabled={disabled || field.disabled || field.readonly}
      clearable={field.clearable !== false}
      placeholder={field.placeholder}
    />
  );
}
