import { z } from 'zod';
import { patterns } from '../rules.ts';
import { portalDefinition, type PortalDefinition } from './definition.ts';

/** Requests and answers of /api/visualdev/Portal (server-contract §8). */

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => text(max).min(1, 'rules.required');
const flag = z
  .union([z.literal(0), z.literal(1), z.boolean()])
  .transform((v) => (v === true || v === 1 ? 1 : 0) as 0 | 1)
  .optional();

/** The layout arrives as an object or as the JSON text JNPF clients send; larger than this is refused. */
export const MAX_PORTAL_JSON = 200_000;
const formData = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  if (v.length > MAX_PORTAL_JSON) return { tooLarge: true };
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}, portalDefinition);

export const portalBody = z.object({
  fullName: required(50),
  enCode: required(50).regex(patterns.enCode, 'rules.enCode'),
  category: text(50).optional().default(''),
  description: z
    .union([text(500), z.null()])
    .optional()
    .transform((v) => v || null),
  sortCode: z.number().int().min(0).max(999_999).optional().default(0),
  enabledMark: flag.default(1),
  formData,
});
export type PortalInput = z.output<typeof portalBody>;

export const portalListQuery = z.object({
  category: text(50).optional().default(''),
});

/** PUT {id}/Roles: the roles that hold the portal, replacing the previous set. */
export const portalRolesBody = z.object({
  roleIds: z.array(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'rules.id')).max(500),
});

export interface PortalSummary {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  description: string | null;
  sortCode: number;
  enabledMark: number;
  createdAt: number;
  updatedAt: number | null;
  creatorUser: string;
}

export interface PortalInfo extends PortalSummary {
  formData: PortalDefinition;
}

/** GET {id}/auth */
export interface PortalAuth {
  id: string;
  fullName: string;
  formData: PortalDefinition;
}

/** GET Selector / Home: the caller's portals, and which one the home page shows. */
export interface PortalChoice {
  list: { id: string; fullName: string; category: string }[];
  /** The portal the home page shows, or null: today's dashboard. */
  homeId: string | null;
  /** Its layout, so the home page needs no second call before its widgets load. */
  home: PortalAuth | null;
  defaultId: string | null;
}

/** Widget data: the rows the widget's interface answered. */
export interface PortalWidgetData {
  rows: Record<string, unknown>[];
  total: number;
}
