import { z } from 'zod';
import { flowEdgeSchema, flowGraphSchema, flowNodeSchema, MAX_FLOW_EDGES, MAX_FLOW_NODES, nodeIdSchema } from './definition.ts';
import { FlowUrgency } from './status.ts';

/** Request bodies of the engine's actions (server-contract §4 FlowHandleModel, typed). */
const id = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
const opinion = z.string().trim().max(2000).default('');

/** Approvers chosen for nodes whose assignee is `chosen`: node id → user ids. */
export const chosenApproversSchema = z.record(nodeIdSchema, z.array(id).min(1).max(100)).default({});

/** Who may start a flow; all empty means anyone signed in. */
export const flowStartersSchema = z.object({
  userIds: z.array(id).max(500).default([]),
  positionIds: z.array(id).max(500).default([]),
  roleIds: z.array(id).max(500).default([]),
});

export const flowDefinitionBody = z.object({
  enCode: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z0-9_-]+$/),
  fullName: z.string().trim().min(1).max(100),
  category: z.string().trim().max(64).default(''),
  /** Which FlowFormAdapter holds the form ('model' for low-code models, or a module's own key). */
  formKind: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9_-]+$/),
  /** The form within that kind (a model id, a module form code). */
  formId: z.string().trim().min(1).max(64),
  graph: flowGraphSchema,
  starters: flowStartersSchema.default({ userIds: [], positionIds: [], roleIds: [] }),
  description: z.string().trim().max(500).default(''),
});
export type FlowDefinitionBody = z.input<typeof flowDefinitionBody>;

export const flowStartBody = z.object({
  flowId: id,
  /** The form record the flow runs over. */
  recordId: z.string().trim().min(1).max(64),
  title: z.string().trim().max(200).default(''),
  urgency: z.union([z.literal(FlowUrgency.normal), z.literal(FlowUrgency.important), z.literal(FlowUrgency.urgent)]).default(1),
  chosenApprovers: chosenApproversSchema,
});
export type FlowStartBody = z.input<typeof flowStartBody>;

const attachments = z
  .array(z.object({ fileId: id, name: z.string().trim().max(200).default('') }))
  .max(20)
  .default([]);

export const flowApproveBody = z.object({
  opinion,
  /** A handwritten signature stored as a file. */
  signatureFileId: id.optional(),
  attachments,
  chosenApprovers: chosenApproversSchema,
  /** Form values the node may write (fields with `write` access on this node). */
  formData: z.record(z.string().max(64), z.unknown()).optional(),
});
export type FlowApproveBody = z.input<typeof flowApproveBody>;

export const flowRejectBody = z.object({
  opinion,
  signatureFileId: id.optional(),
  attachments,
  /** Back to the starter (default) or to an earlier approver node of this instance. */
  target: z.union([z.literal('starter'), nodeIdSchema]).default('starter'),
});
export type FlowRejectBody = z.input<typeof flowRejectBody>;

export const flowTransferBody = z.object({ opinion, toUserId: id });
export type FlowTransferBody = z.input<typeof flowTransferBody>;

export const flowOpinionBody = z.object({ opinion });
export type FlowOpinionBody = z.input<typeof flowOpinionBody>;

export const flowEntrustBody = z
  .object({
    delegateId: id,
    /** null: every flow. */
    flowId: id.nullable().default(null),
    startAt: z.number().int().min(0),
    endAt: z.number().int().min(0),
    description: z.string().trim().max(500).default(''),
  })
  .refine((v) => v.endAt > v.startAt, { path: ['endAt'] });
export type FlowEntrustBody = z.input<typeof flowEntrustBody>;

/** Empty query values ('flowId=') count as absent. */
const optional = <S extends z.ZodType>(s: S) => z.preprocess((v) => (v === '' || v === null ? undefined : v), s.optional());

/** Filters of the workflow lists (to-do, done, circulated, launched), beside the paging query. */
export const flowListFilter = z.object({
  flowId: optional(id),
  flowCategory: optional(z.string().trim().max(64)),
  /** Started within [startTime, endTime], epoch ms. */
  startTime: optional(z.coerce.number().int().min(0).max(8_640_000_000_000_000)),
  endTime: optional(z.coerce.number().int().min(0).max(8_640_000_000_000_000)),
  flowUrgent: optional(z.coerce.number().int().min(1).max(3)),
  status: optional(z.coerce.number().int().min(0).max(5)),
});
export type FlowListFilter = z.output<typeof flowListFilter>;

/** Updating a flow definition: what it is called, its category, who may start it (the graph changes only by releasing a version). */
export const flowDefinitionUpdateBody = flowDefinitionBody.pick({
  enCode: true,
  fullName: true,
  category: true,
  starters: true,
  description: true,
});
export type FlowDefinitionUpdateBody = z.input<typeof flowDefinitionUpdateBody>;

/** Releasing a new version of a flow's graph. */
export const flowReleaseBody = z.object({ graph: flowGraphSchema });
export type FlowReleaseBody = z.input<typeof flowReleaseBody>;

/** Filters of the flow definitions list, beside the paging query. */
export const flowDefinitionFilter = z.object({
  category: optional(z.string().trim().max(64)),
  enabledMark: optional(z.coerce.number().int().min(0).max(1)),
});
export type FlowDefinitionFilter = z.output<typeof flowDefinitionFilter>;

/** Submitting a low-code model record into a flow (the flow's form must be that model). */
export const flowModelSubmitBody = z.object({
  flowId: id,
  formKind: z.literal('model').default('model'),
  modelId: id,
  recordId: z.string().trim().min(1).max(64),
  title: z.string().trim().max(200).default(''),
  urgency: z.union([z.literal(FlowUrgency.normal), z.literal(FlowUrgency.important), z.literal(FlowUrgency.urgent)]).default(1),
  chosenApprovers: chosenApproversSchema,
});
export type FlowModelSubmitBody = z.input<typeof flowModelSubmitBody>;

/* ---- Monitor, launch list, batch, add-signer (engine actions, issue 15) ---- */

/** The monitor's filters: the lists' filters plus who started the instance. */
export const flowMonitorFilter = flowListFilter.extend({ creatorUserId: optional(id) });
export type FlowMonitorFilter = z.output<typeof flowMonitorFilter>;

/** Deleting finished instances from the monitor. */
export const flowMonitorDeleteBody = z.object({ ids: z.array(id).min(1).max(100) });
export type FlowMonitorDeleteBody = z.input<typeof flowMonitorDeleteBody>;

/** The monitor hands the waiting tasks of a node to one user. */
export const flowAssignBody = z.object({ nodeId: nodeIdSchema, toUserId: id, opinion });
export type FlowAssignBody = z.input<typeof flowAssignBody>;

/** Approve or reject many to-dos at once; each one in its own transaction. */
export const flowBatchBody = z.object({
  taskIds: z.array(id).min(1).max(100),
  action: z.enum(['approve', 'reject']),
  opinion,
});
export type FlowBatchBody = z.input<typeof flowBatchBody>;
export interface FlowBatchResult {
  done: number;
  failed: { id: string; msg: string }[];
}

/**
 * Add signers to my waiting task: `before` they act first and my task waits
 * until all of them approved; `after` my task is approved now and the node
 * passes only once they approved too.
 */
export const flowAddSignerBody = z.object({
  userIds: z.array(id).min(1).max(20),
  position: z.enum(['before', 'after']),
  opinion,
});
export type FlowAddSignerBody = z.input<typeof flowAddSignerBody>;

/** Launch list query: a keyword on the flow's name or code. */
export const flowLaunchableQuery = z.object({ keyword: optional(z.string().trim().max(50)) });

/** A flow the caller may start (FlowLaunch/Launchable). */
export interface FlowLaunchable {
  id: string;
  enCode: string;
  fullName: string;
  category: string;
  formKind: string;
  formId: string;
  description: string;
}

/**
 * A draft graph the designer saves between releases: the same node and edge
 * shapes as a released graph, but unfinished (no edges yet, nodes not
 * connected) is allowed; validateFlowGraph runs only on release.
 */
export const flowDraftGraphSchema = z.object({
  nodes: z.array(flowNodeSchema).max(MAX_FLOW_NODES),
  edges: z.array(flowEdgeSchema).max(MAX_FLOW_EDGES),
});
export const flowDraftBody = z.object({ graph: flowDraftGraphSchema });
export type FlowDraftBody = z.input<typeof flowDraftBody>;

/** A field of a flow's bound form, for branch conditions and field permissions. */
export interface FlowFormField {
  key: string;
  label: string;
  type: string;
}
