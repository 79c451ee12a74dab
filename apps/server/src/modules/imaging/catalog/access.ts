import type { FastifyRequest } from 'fastify';
import type { ImagingCentre } from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { anyModuleAccess, type Access } from '../../../http/access.ts';
import { forbidden } from '../../../http/errors.ts';
import { grantsFor } from '../../permission/grants.service.ts';
import { CENTRES } from '../centres.ts';

/**
 * Who may use which centre, from menu grants. A user may use a centre when
 * granted any of its working menus (registration, reading, queries,
 * statistics). The catalogue pages live under the image centre's menu
 * folder but serve both centres (ultrasound readers maintain their own
 * catalogue there), so they grant no centre by themselves: a page is used
 * for the centres its user works in.
 */
export const ULTRASOUND_MENUS = CENTRES.ultrasound.menus;
export const CATALOG_MENUS = ['img_check_item', 'img_check_body', 'img_org_sort', 'img_diag_temp_sort', 'img_fee_schedule'] as const;
/** The image centre's working menus: its menus but the catalogue pages. */
export const IMAGING_MENUS = CENTRES.imaging.menus.filter((m) => !(CATALOG_MENUS as readonly string[]).includes(m));
export type CatalogMenu = (typeof CATALOG_MENUS)[number];
export const ULTRASOUND_STATS_MENUS = ULTRASOUND_MENUS.filter((m) => m.startsWith('ultras_statis_'));
export const IMAGING_STATS_MENUS = ['img_statistics'];
export const STATS_MENUS: Record<ImagingCentre, readonly string[]> = { ultrasound: ULTRASOUND_STATS_MENUS, imaging: IMAGING_STATS_MENUS };

/** Any menu of either centre opens the catalogue API (pickers read it); each route checks further. */
export const centreAccess: Access = anyModuleAccess([...ULTRASOUND_MENUS, ...IMAGING_MENUS, ...CATALOG_MENUS]);

type Grants = Awaited<ReturnType<typeof grantsFor>>;

export const centresOfGrants = (g: Grants): ImagingCentre[] => {
  if (g.isAdministrator) return ['ultrasound', 'imaging'];
  const out: ImagingCentre[] = [];
  if (ULTRASOUND_MENUS.some((m) => g.modules.has(m))) out.push('ultrasound');
  if (IMAGING_MENUS.some((m) => g.modules.has(m))) out.push('imaging');
  return out;
};

export const hasMenu = (g: Grants, menu: string, button?: string) =>
  g.isAdministrator || (g.modules.has(menu) && (!button || g.modules.get(menu)!.has(button)));

export interface CentreGate {
  grants: Grants;
  centres: ImagingCentre[];
  /** 403 unless the caller may use the centre. */
  centre(c: ImagingCentre): void;
  /** 403 unless the caller holds the menu (with the button when named) and may use the centre. */
  page(menu: string, c: ImagingCentre, button?: string): void;
}

export async function gateOf(ctx: AppContext, req: FastifyRequest): Promise<CentreGate> {
  const grants = await grantsFor(ctx, req.session.userId, req.session.isAdministrator);
  const centres = centresOfGrants(grants);
  const centre = (c: ImagingCentre) => {
    if (!centres.includes(c)) throw forbidden();
  };
  return {
    grants,
    centres,
    centre,
    page(menu, c, button) {
      if (!hasMenu(grants, menu, button)) throw forbidden();
      centre(c);
    },
  };
}
