/** The organisation pickers of spec §2.6 (controlled form fields: value / onChange). */
export { OrganizeSelect, type OrganizeSelectProps } from './OrganizeSelect.tsx';
export { DepartmentSelect, type DepartmentSelectProps } from './DepartmentSelect.tsx';
export { PositionSelect, type PositionSelectProps } from './PositionSelect.tsx';
export { RoleSelect, type RoleSelectProps } from './RoleSelect.tsx';
export { GroupSelect } from './GroupSelect.tsx';
export { UserSelect, type UserSelectProps } from './UserSelect.tsx';
export { ApproverSelect, approverRule, type ApproverSelectProps } from './ApproverSelect.tsx';
export { AuthOrganizeSelect, type AuthOrganizeSelectProps } from './AuthOrganizeSelect.tsx';
export { HeadIcon } from './NodeIcon.tsx';
export type { OrgPickerProps } from './PickerField.tsx';
export type { PickNode } from './selection.ts';
