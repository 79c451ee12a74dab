import { z } from 'zod';

/**
 * What the flow detail page (/workFlowDetail) opens, carried in its `config`
 * query value: the JSON body of a workflow message (server-contract §5
 * `{type, id}`), base64-encoded and then URL-encoded (spec route table).
 * The same body links every workflow list row to the page, so a message, a
 * to-do row and a monitor row open the same screen.
 */
export const FlowLinkType = {
  /** A new instance of `flowId`: the start form, empty. */
  launch: 0,
  /** An instance I started. */
  launched: 1,
  /** A waiting task of mine (`taskId`). */
  todo: 2,
  /** An instance copied to me. */
  circulated: 3,
  /** An instance I acted on. */
  done: 4,
  /** An instance seen by the monitor. */
  monitor: 5,
} as const;
export type FlowLinkType = (typeof FlowLinkType)[keyof typeof FlowLinkType];

const id = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

export const flowLinkSchema = z.union([
  z.object({ type: z.literal(FlowLinkType.launch), flowId: id }),
  z.object({
    type: z.union([
      z.literal(FlowLinkType.launched),
      z.literal(FlowLinkType.todo),
      z.literal(FlowLinkType.circulated),
      z.literal(FlowLinkType.done),
      z.literal(FlowLinkType.monitor),
    ]),
    /** The instance. */
    id,
    taskId: id.optional(),
  }),
]);
export type FlowLink = z.infer<typeof flowLinkSchema>;

export const FLOW_DETAIL_PATH = '/workFlowDetail';

function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(b64: string): string {
  const binary = atob(b64);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The `config` query value for a message body (base64 of its UTF-8 JSON, then URL-encoded). */
export function encodeFlowConfig(body: unknown): string {
  return encodeURIComponent(toBase64(JSON.stringify(body)));
}

/** The detail page's path for a link. */
export function flowDetailPath(link: FlowLink): string {
  return `${FLOW_DETAIL_PATH}?config=${encodeFlowConfig(link)}`;
}

/**
 * Reads a `config` value back (already URL-decoded, as URLSearchParams gives
 * it; a still-encoded value is decoded once more). Null for anything that is
 * not a valid link: the page then shows a clear error, never a crash.
 */
export function decodeFlowConfig(config: string | null | undefined): FlowLink | null {
  if (!config || config.length > 4000) return null;
  try {
    const b64 = config.includes('%') ? decodeURIComponent(config) : config;
    const parsed = flowLinkSchema.safeParse(JSON.parse(fromBase64(b64)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
