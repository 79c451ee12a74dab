import { encodeFlowConfig, FLOW_DETAIL_PATH, flowLinkSchema, MessageType, type InboxItem, type Language } from '@medalliance/contract';

/**
 * What opening an inbox item does, and how its title reads, decided from the
 * stored row alone (pure: unit-tested, used by the drawer and the message
 * centre alike).
 */
export type MessageTarget =
  /** A workflow item: the flow detail page with the stored body as its config (spec §2.1). */
  | { kind: 'flow'; path: string }
  /** A notice: its HTML in the 80 % dialog. */
  | { kind: 'notice' }
  /** Any other message: its text in the same dialog. */
  | { kind: 'text' };

function parseBody(bodyText: string | null): unknown {
  if (!bodyText) return null;
  try {
    return JSON.parse(bodyText);
  } catch {
    return null;
  }
}

export function messageTarget(item: Pick<InboxItem, 'type' | 'bodyText'>): MessageTarget {
  if (item.type === MessageType.notice) return { kind: 'notice' };
  const body = parseBody(item.bodyText);
  // The body goes into the link as stored (a result's body also carries its status); it must be a flow link to be one.
  if (body && flowLinkSchema.safeParse(body).success) return { kind: 'flow', path: `${FLOW_DETAIL_PATH}?config=${encodeFlowConfig(body)}` };
  return { kind: 'text' };
}

/** The text of a message that is not a notice: its body when that is a string, else nothing beyond the title. */
export function plainBody(bodyText: string | null): string {
  const body = parseBody(bodyText);
  return typeof body === 'string' ? body : '';
}

/** Workflow titles are stored once, in Simplified Chinese, behind a bracketed prefix (【待办】…); see modules/workflow/notify.ts. */
const STORED_PREFIX = /^【[^】]{1,8}】/;

/** Flow result status (FlowStatus) → its label key. */
const RESULT_KEYS: Record<number, string> = { 2: 'flow.adopted', 3: 'flow.rejected', 4: 'flow.revoked', 5: 'flow.cancelled' };
const KIND_KEYS: Record<string, string> = { flowTodo: 'flow.todo', flowUrge: 'flow.urge', flowCopy: 'flow.copy' };

/** The label key for a workflow message's prefix, or null when it is not one we know. */
export function flowPrefixKey(item: Pick<InboxItem, 'kind' | 'bodyText'>): string | null {
  if (item.kind === 'flowResult') {
    const status = (parseBody(item.bodyText) as { status?: unknown } | null)?.status;
    return typeof status === 'number' ? (RESULT_KEYS[status] ?? null) : null;
  }
  return KIND_KEYS[item.kind] ?? null;
}

/**
 * A message's title in the reader's language: a workflow title's stored
 * Chinese prefix is replaced by the translated one (the kind and status say
 * the same thing in data); every other title is shown as stored.
 */
export function displayTitle(item: Pick<InboxItem, 'title' | 'kind' | 'bodyText'>, lang: Language, t: (key: string) => string): string {
  if (lang === 'zh' || !STORED_PREFIX.test(item.title)) return item.title;
  const key = flowPrefixKey(item);
  return key ? `【${t(key)}】${item.title.replace(STORED_PREFIX, '')}` : item.title;
}

/** Infinite scroll (spec §9): load more within `px` of the bottom. */
export const nearBottom = (el: { scrollHeight: number; scrollTop: number; clientHeight: number }, px: number) =>
  el.scrollHeight - el.scrollTop - el.clientHeight <= px;

/** A page shorter than the page size was the last one (spec §9). */
export const isLastPage = (pageLength: number, pageSize: number) => pageLength < pageSize;

/**
 * Adds a page to the loaded items: `front` items (pushed messages) go first,
 * a later page goes after; an id already shown stays where it is (pushes
 * shift the server's pages, so a later page repeats some rows).
 */
export function mergeItems<T extends { id: string }>(loaded: readonly T[], page: readonly T[], front = false): T[] {
  const seen = new Set(loaded.map((i) => i.id));
  const fresh = page.filter((i) => !seen.has(i.id));
  return front ? [...fresh, ...loaded] : [...loaded, ...fresh];
}
