import { z } from 'zod';
import { conditionGroupSchema } from './condition.ts';

/**
 * A flow definition's graph (what the designer draws with React Flow and the
 * engine runs): nodes and directed edges. Routing nodes (condition, parallel,
 * join) are passed through at once; approver nodes wait for people.
 *
 * - condition: its outgoing edges carry conditions, tried in array order; the
 *   one edge marked `isDefault` is taken when none matches.
 * - parallel: every outgoing edge is taken; its `joinId` names the join node
 *   that waits until every branch has arrived.
 */
export const MAX_FLOW_NODES = 200;
export const MAX_FLOW_EDGES = 400;

export const nodeIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
const idList = z.array(z.string().trim().min(1).max(40)).max(500);
const nodeName = z.string().trim().min(1).max(100);
/** Where the designer drew the node; graphs without positions are laid out automatically. */
export const nodePositionSchema = z.object({ x: z.number().finite().min(-1e6).max(1e6), y: z.number().finite().min(-1e6).max(1e6) });
const position = nodePositionSchema.optional();

/** Read / write / hidden per form field on a node (enforced by the server on what the node may write). */
export const fieldPermissionSchema = z.object({
  field: z.string().trim().min(1).max(64),
  access: z.enum(['read', 'write', 'hidden']),
});
export type FieldPermission = z.infer<typeof fieldPermissionSchema>;

/** Who handles an approver node. */
export const assigneeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('users'), userIds: idList.min(1) }),
  z.object({ type: z.literal('starter') }),
  /** The starter's manager N levels up (users.manager_id followed N times). */
  z.object({ type: z.literal('manager'), level: z.number().int().min(1).max(10) }),
  /** The head (organizations.manager_id) of the starter's department. */
  z.object({ type: z.literal('deptHead') }),
  z.object({ type: z.literal('role'), roleIds: idList.min(1) }),
  z.object({ type: z.literal('position'), positionIds: idList.min(1) }),
  /** A form field holding a user id (or several). */
  z.object({ type: z.literal('formField'), field: z.string().trim().min(1).max(64) }),
  /** Whoever approved an earlier node. */
  z.object({ type: z.literal('nodeApprover'), nodeId: nodeIdSchema }),
  /** Chosen by the previous approver (or by the starter for the first node) when acting. */
  z.object({ type: z.literal('chosen') }),
]);
export type Assignee = z.infer<typeof assigneeSchema>;

/**
 * How several approvers decide: `or` the first action decides; `countersign`
 * the node passes once `ratio` % of them approved (and is rejected once that
 * share can no longer be reached); `sequential` one after another, in order,
 * every one must approve.
 */
export const signSchema = z.object({
  mode: z.enum(['or', 'countersign', 'sequential']).default('or'),
  ratio: z.number().int().min(1).max(100).default(100),
});
export type SignRule = z.infer<typeof signSchema>;

export const copyToSchema = z.object({
  userIds: idList.default([]),
  positionIds: idList.default([]),
  roleIds: idList.default([]),
});

export const timeoutSchema = z.object({
  duration: z.number().int().min(1).max(100_000),
  unit: z.enum(['minute', 'hour', 'day']),
  /** remind the handler, or act for them when the time is up. */
  action: z.enum(['remind', 'approve', 'reject']),
});
export type FlowTimeout = z.infer<typeof timeoutSchema>;

const TIMEOUT_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;
export const timeoutMs = (t: Pick<FlowTimeout, 'duration' | 'unit'>) => t.duration * TIMEOUT_MS[t.unit];

const startNode = z.object({
  id: nodeIdSchema,
  type: z.literal('start'),
  name: nodeName,
  position,
  fieldPermissions: z.array(fieldPermissionSchema).max(500).default([]),
});
const approverNode = z.object({
  id: nodeIdSchema,
  type: z.literal('approver'),
  name: nodeName,
  position,
  assignee: assigneeSchema,
  sign: signSchema.default({ mode: 'or', ratio: 100 }),
  /** When nobody is found: pass the node, hand it to the administrators, or refuse the action. */
  noApprover: z.enum(['autoPass', 'admin', 'stop']).default('stop'),
  copyTo: copyToSchema.optional(),
  fieldPermissions: z.array(fieldPermissionSchema).max(500).default([]),
  timeout: timeoutSchema.optional(),
  /** The reject targets this node offers: only the starter, or also an earlier node chosen by the approver. */
  rejectTo: z.enum(['starter', 'choose']).default('starter'),
});
const conditionNode = z.object({ id: nodeIdSchema, type: z.literal('condition'), name: nodeName, position });
const parallelNode = z.object({ id: nodeIdSchema, type: z.literal('parallel'), name: nodeName, position, joinId: nodeIdSchema });
const joinNode = z.object({ id: nodeIdSchema, type: z.literal('join'), name: nodeName, position });
const endNode = z.object({ id: nodeIdSchema, type: z.literal('end'), name: nodeName, position });
/** Waits `delay` on the engine's clock, then moves on along its single outgoing edge. */
const timerNode = z.object({
  id: nodeIdSchema,
  type: z.literal('timer'),
  name: nodeName,
  position,
  delay: z.object({ duration: z.number().int().min(1).max(100_000), unit: z.enum(['minute', 'hour', 'day']) }),
});

/** One mapped field: the child form's `childField` is filled with the parent form's `parentField` when the sub-flow starts. */
export const subFlowMappingSchema = z.object({
  parentField: z.string().trim().min(1).max(64),
  childField: z.string().trim().min(1).max(64),
});
export type SubFlowMapping = z.infer<typeof subFlowMappingSchema>;

/**
 * Starts instances of another flow (server-contract §4 subFlow). Entering it
 * creates, in the same transaction, one record of the child flow's form per
 * initiator (filled through `mapping`) and submits it into the child flow.
 *
 * - initiator: who starts the children, by the approver rules: `starter` (the
 *   parent's starter, the default) or any other assignee rule; one child per
 *   resolved user.
 * - mode `async`: the parent moves on at once, the children run beside it.
 * - mode `sync`: the parent waits on this node until every child ended. All
 *   adopted: the node passes and the parent moves on. One child rejected,
 *   revoked or cancelled: its sibling children are cancelled and the parent
 *   is rejected back to its starter (it ends rejected, status 3), as an
 *   approver node rejecting to the starter does.
 *
 * The child flow must exist, be enabled, differ from this flow and not lead
 * back to it through its own sub-flows; mapped fields must be fields of the
 * two forms (checked by the server on create and release).
 */
const subFlowNode = z.object({
  id: nodeIdSchema,
  type: z.literal('subFlow'),
  name: nodeName,
  position,
  flowId: z.string().trim().min(1).max(40),
  initiator: assigneeSchema.default({ type: 'starter' }),
  mapping: z.array(subFlowMappingSchema).max(100).default([]),
  mode: z.enum(['sync', 'async']).default('sync'),
});

export const flowNodeSchema = z.discriminatedUnion('type', [
  startNode,
  approverNode,
  conditionNode,
  parallelNode,
  joinNode,
  endNode,
  timerNode,
  subFlowNode,
]);
export type FlowNode = z.infer<typeof flowNodeSchema>;
export type SubFlowNode = z.infer<typeof subFlowNode>;
export type ApproverNode = z.infer<typeof approverNode>;
export type TimerNode = z.infer<typeof timerNode>;
export type FlowNodeType = FlowNode['type'];

export const flowEdgeSchema = z.object({
  id: nodeIdSchema,
  source: nodeIdSchema,
  target: nodeIdSchema,
  /** Only on edges out of a condition node. */
  condition: conditionGroupSchema.optional(),
  isDefault: z.boolean().optional(),
  name: z.string().max(100).optional(),
});
export type FlowEdge = z.infer<typeof flowEdgeSchema>;

export const flowGraphSchema = z.object({
  nodes: z.array(flowNodeSchema).min(2).max(MAX_FLOW_NODES),
  edges: z.array(flowEdgeSchema).min(1).max(MAX_FLOW_EDGES),
});
export type FlowGraph = z.infer<typeof flowGraphSchema>;
