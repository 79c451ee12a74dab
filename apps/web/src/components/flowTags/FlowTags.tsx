import { Tag, type TagProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusLook, urgencyLook } from './flowTags.ts';
import { NS } from './messages.ts';

type Extra = Omit<TagProps, 'color' | 'children'> & { 'data-testid'?: string };

/** A flow's status as a coloured tag, in the same words on every screen. */
export function FlowStatusTag({ status, ...rest }: { status: number | null | undefined } & Extra) {
  const { t } = useTranslation(NS);
  const look = statusLook(status);
  return (
    <Tag color={look.color} {...rest}>
      {t(look.key)}
    </Tag>
  );
}

/** A flow's urgency as a coloured tag. */
export function FlowUrgencyTag({ urgency, ...rest }: { urgency: number | null | undefined } & Extra) {
  const { t } = useTranslation(NS);
  const look = urgencyLook(urgency);
  return (
    <Tag color={look.color} {...rest}>
      {t(look.key)}
    </Tag>
  );
}

/** The label of a status or urgency, for filters and selects. */
export function useFlowTagText() {
  const { t } = useTranslation(NS);
  return { status: (s: number) => t(statusLook(s).key), urgency: (u: number) => t(urgencyLook(u).key) };
}
