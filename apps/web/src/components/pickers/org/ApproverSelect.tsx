import { useTranslation } from 'react-i18next';
import type { RuleObject } from 'antd/es/form';
import { toast } from '../../../app/feedback.ts';
import { i18n } from '../../../i18n/index.ts';
import { UserSelect, type UserSelectProps } from './UserSelect.tsx';
import { approverMissing } from './selection.ts';
import { NS } from './messages.ts';

export interface ApproverSelectProps extends UserSelectProps {
  /** What is being chosen ('approver', 'next handler' …): the field label in 'please select {title}'. */
  title?: string;
}

/** The Form rule of an approver field: nothing chosen gives 'please select {title}' (spec §5.2). */
export function approverRule(title: string): RuleObject {
  return {
    validator: (_, value) =>
      approverMissing(value) ? Promise.reject(new Error(i18n.t('picker.pleaseSelect', { ns: NS, title }))) : Promise.resolve(),
  };
}

/**
 * Approver picker (spec §2.6, §5.2): a multiple user picker whose confirm
 * with no one chosen says 'please select {title}'; use approverRule(title)
 * in the form so submitting without approvers says the same.
 */
export function ApproverSelect({ title, multiple = true, ...props }: ApproverSelectProps) {
  const { t } = useTranslation(NS);
  const label = title ?? t('picker.approver');
  return (
    <UserSelect
      {...props}
      multiple={multiple}
      title={label}
      onEmptyConfirm={() => toast.warning(t('picker.pleaseSelect', { title: label }))}
    />
  );
}
