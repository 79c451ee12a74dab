import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { forbidden } from './errors.ts';

/**
 * What a route needs, declared on every route as `config.access`:
 * - public: no session (sign-in, captcha, health);
 * - user: any signed-in user (their own profile, lookups every screen uses);
 * - module: a signed-in user granted the menu with this enCode, and the button when named
 *   (or, with `anyOf`, any one of several menus: screens of one domain sharing an API);
 * - admin: administrators only.
 * Registering a route without a declaration fails at start-up, so no route is left open by accident.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'module'; module: string; button?: string; anyOf?: readonly string[] }
  | { kind: 'admin' };

export const publicAccess: Access = { kind: 'public' };
export const userAccess: Access = { kind: 'user' };
export const adminAccess: Access = { kind: 'admin' };
export const moduleAccess = (module: string, button?: string): Access =>
  button ? { kind: 'module', module, button } : { kind: 'module', module };
/** Any one of these menus opens the route; the route itself may then check finer rights. */
export const anyModuleAccess = (modules: readonly string[]): Access => ({ kind: 'module', module: modules[0] ?? '', anyOf: modules });

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
}

/** Every route of the app with its declared access: the permission-matrix test walks this. */
export function collectRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!access) {
      throw new Error(`route ${methods.join(',')} ${route.url} declares no access`);
    }
    for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: route.url, access });
  });
  return routes;
}

/** The user's grants as the permission service computed them for this session. */
export interface Grants {
  isAdministrator: boolean;
  /** menu enCode → granted button enCodes */
  modules: Map<string, Set<string>>;
}

export function checkAccess(access: Access, grants: Grants): void {
  if (access.kind === 'user' || access.kind === 'public' || grants.isAdministrator) return;
  if (access.kind === 'admin') throw forbidden();
  if (access.anyOf) {
    if (!access.anyOf.some((m) => grants.modules.has(m))) throw forbidden();
    return;
  }
  const buttons = grants.modules.get(access.module);
  if (!buttons || (access.button && !buttons.has(access.button))) throw forbidden();
}

/**
 * The matched route's declaration. Every registered route has one (collectRoutes
 * refuses to start otherwise), so a missing one means no route matched: the 404
 * answer needs no session.
 */
export const accessOf = (req: FastifyRequest): Access => req.routeOptions.config.access ?? publicAccess;
