import { FlowLinkType, flowDetailPath, type FlowLink } from '@medalliance/contract';
import type { FlowRow } from './api.ts';

/** The five instance lists. */
export type ListKind = 'launched' | 'todo' | 'done' | 'circulated' | 'monitor';

/**
 * Where a row opens: the flow detail page with the link its list gives
 * (the same body a workflow message carries). To-do and done rows name
 * their task, so the page can act on it (approve, or recall).
 */
export function linkOf(kind: ListKind, row: Pick<FlowRow, 'id' | 'instanceId'>): FlowLink {
  const id = row.instanceId || row.id;
  switch (kind) {
    case 'todo':
      return { type: FlowLinkType.todo, id, taskId: row.id };
    case 'done':
      return { type: FlowLinkType.done, id, taskId: row.id };
    case 'circulated':
      return { type: FlowLinkType.circulated, id };
    case 'launched':
      return { type: FlowLinkType.launched, id };
    case 'monitor':
      return { type: FlowLinkType.monitor, id };
  }
}

export const detailPathOf = (kind: ListKind, row: Pick<FlowRow, 'id' | 'instanceId'>) => flowDetailPath(linkOf(kind, row));

/** The starter's real name out of the lists' 'realName/account'. */
export const personName = (userName: string | null | undefined) => (userName ?? '').split('/')[0] ?? '';
