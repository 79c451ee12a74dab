import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  enterpriseListBody,
  exportBody,
  familyCreateBody,
  familyListBody,
  familyMemberBody,
  RESIDENT_ACTIONS,
  RESIDENT_WORKLISTS,
  residentActionBody,
  residentListBody,
  revealBody,
} from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { FAMILY_MODEL, RESIDENT_MODEL } from '../../../db/seed/health/records-models.ts';
import { userAccess } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { conflict, forbidden } from '../../../http/errors.ts';
import { requestLanguage } from '../../../http/i18n.ts';
import { parse } from '../../../http/validate.ts';
import { sendXlsx } from '../../permission/users-excel.service.ts';
import { isUniqueViolation } from '../../system/db-errors.ts';
import { withAccess } from '../../system/route-helpers.ts';
import {
  createRecord,
  deleteRecords,
  readRecord,
  recordOf,
  runtimeModel,
  updateRecord,
  type Authorized,
} from '../../visualdev/records.service.ts';
import { recordHealthAudit } from '../privacy/audit.ts';
import { healthRights, recordsAccess, requireRight } from '../privacy/rights.ts';
import { callerUnit, healthScope } from '../privacy/scope.ts';
import { archiveAction } from './archive-actions.ts';
import { listEnterprises } from './enterprises.service.ts';
import { familyDetail, listFamilies, setFamilyMember } from './families.service.ts';
import type { ArchiveAction } from './resident-rules.ts';
import { listResidents, raw, residentRow, residentSummary, worklistCounts, type ResidentOut } from './residents.service.ts';
import { stateHistory } from './state-history.ts';
import { listTimeline } from './timeline.ts';
import { openTransferOf, unitOptions, unitDoctors } from './transfers.service.ts';

/** Most rows one health export writes. */
export const HEALTH_EXPORT_MAX = 20_000;

const H = '/health';
const idParams = z.object({ id: z.string().trim().min(1).max(40) });
const kindParams = z.object({ kind: z.enum(RESIDENT_WORKLISTS) });
const dataBody = z.object({ data: z.unknown() });
const actionParams = idParams.extend({ action: z.enum(RESIDENT_ACTIONS) });
const pageQuery = z.object({
  currentPage: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const memberParams = idParams.extend({ residentId: z.string().trim().min(1).max(40) });
const lang = (req: FastifyRequest) => requestLanguage(req);
const ip = (req: FastifyRequest) => req.ip;

/** The records write path: the engine's createRecord / updateRecord, hooks enforcing the health rules. */
async function writeAuth(
  ctx: AppContext,
  req: FastifyRequest,
  modelId: string,
): Promise<{ model: Awaited<ReturnType<typeof runtimeModel>>; auth: Authorized }> {
  const rights = await healthRights(ctx, req.session);
  const model = await runtimeModel(ctx, modelId);
  return { model, auth: { grants: rights.grants, menu: null } };
}

const uniqueToConflict = (e: unknown): never => {
  if (isUniqueViolation(e)) throw conflict('health.idNumber.duplicate');
  throw e;
};

export async function recordsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const access = withAccess(recordsAccess);

  // Any signed-in user may ask what they may do (every flag false without health grants).
  app.get(`${H}/rights`, withAccess(userAccess), async (req) => {
    const { grants: _g, ...rights } = await healthRights(ctx, req.session);
    return ok(rights);
  });

  app.get(`${H}/units`, access, async (req) => {
    const r = await healthRights(ctx, req.session);
    if (!r.view && !r.transferView && !r.auditLog) throw forbidden();
    const scope = await healthScope(ctx, req.session);
    return ok(await unitOptions(ctx, scope));
  });

  app.get(`${H}/units/:id/doctors`, access, async (req) => {
    const { id } = parse(idParams, req.params, lang(req));
    const r = await healthRights(ctx, req.session);
    if (!r.view && !r.transferView) throw forbidden();
    return ok({ list: await unitDoctors(ctx, id) });
  });

  app.post(`${H}/residents/list`, access, async (req) => {
    const body = parse(residentListBody, req.body ?? {}, lang(req));
    await requireRight(ctx, req.session, 'view');
    return ok(await listResidents(ctx, await healthScope(ctx, req.session), body));
  });

  app.post(`${H}/enterprises/list`, access, async (req) => {
    const body = parse(enterpriseListBody, req.body ?? {}, lang(req));
    await requireRight(ctx, req.session, 'view');
    return ok(await listEnterprises(ctx, await healthScope(ctx, req.session), body));
  });

  app.get(`${H}/worklists/counts`, access, async (req) => {
    await requireRight(ctx, req.session, 'view');
    return ok(await worklistCounts(ctx, await healthScope(ctx, req.session)));
  });

  app.post(`${H}/worklists/:kind`, access, async (req) => {
    const { kind } = parse(kindParams, req.params, lang(req));
    const body = parse(residentListBody, req.body ?? {}, lang(req));
    await requireRight(ctx, req.session, 'view');
    return ok(await listResidents(ctx, await healthScope(ctx, req.session), body, kind));
  });

  app.get(`${H}/residents/form`, access, async (req) => {
    await requireRight(ctx, req.session, 'view');
    const model = await runtimeModel(ctx, RESIDENT_MODEL);
    return ok({ formData: model.form });
  });

  /** The resident page: masked summary, family, state history, open transfer; every view audited. */
  app.get(`${H}/residents/:id`, access, async (req) => {
    const { id } = parse(idParams, req.params, lang(req));
    await requireRight(ctx, req.session, 'view');
    const scope = await healthScope(ctx, req.session);
    const summary = await residentSummary(ctx, scope, id);
    const { orgId } = await callerUnit(ctx, req.session.userId);
    await recordHealthAudit(raw(ctx), { userId: req.session.userId, orgId, action: 'view', residentId: id, target: 'page', ip: ip(req) });
    return ok({
      ...summary,
      history: await stateHistory(raw(ctx), 'resident', id),
      openTransfer: await openTransferOf(ctx, id),
    });
  });

  /** Raw values for the edit form (full values: an audited view of the record). */
  app.get(`${H}/residents/:id/record`, access, async (req) => {
    const { id } = parse(idParams, req.params, lang(req));
    await requireRight(ctx, req.session, 'edit');
    const scope = await healthScope(ctx, req.session);
    await residentRow(ctx, scope, id);
    const { model, auth } = await writeAuth(ctx, req, RESIDENT_MODEL);
    const data = await readRecord(ctx, model, auth, id);
    const { orgId } = await callerUnit(ctx, req.session.userId);
    await recordHealthAudit(raw(ctx), {
      userId: req.session.userId,
      orgId,
      action: 'view',
      residentId: id,
      target: 'editForm',
      ip: ip(req),
    });
    return ok({ id, data });
  });

  app.post(`${H}/residents`, access, async (req) => {
    const body = parse(dataBody, req.body ?? {}, lang(req));
    await requireRight(ctx, req.session, 'add');
    const { model, auth } = await writeAuth(ctx, req, RESIDENT_MODEL);
    return ok(await createRecord(ctx, req.session, model, auth, recordOf(body.data)).catch(uniqueToConflict));
  });

  app.put(`${H}/residents/:id`, access, async (req) => {
    const { id } = parse(idParams, req.params, lang(req));
    const body = parse(dataBody, req.body ?? {}, lang(req));
    await requireRight(ctx, req.session, 'edit');
    await residentRow(ctx, await healthScope(ctx, req.session), id);
    const { model, auth } = await writeAuth(ctx, req, RESIDENT_MODEL);
    await updateRecord(ctx, req.session, model, auth, id, recordOf(body.data)).catch(uniqueToConflict);
    return ok(null);
  });

  app.delete(`${H}/residents/:id`, access, async (req) => {
    const { id } = parse(idParams, req.params, lang(req));
    await requireRight(ctx, req.session, 'remove');
    await residentRow(ctx, await healthScope(ctx, req.session), id);
    const { model, auth } = await writeAuth(ctx, req, RESIDENT_MODEL);
    await deleteRecords(ctx, model, auth, [id], req.session);
    return ok(null);
  });

  app.post(`${H}/residents/:id/actions/:action`, access, async (req) => {
    const { id, action } = parse(actionParams, req.params, lang(req));
    const body = parse(residentActionBody, req.body ?? {}, lang(req));
    const auditing = action === 'audit' || action === 'cancelAudit' || action === 'returnAudit' || action === 'restore';
    await requireRight(ctx, req.session, auditing ? 'audit' : 'edit');
    const scope = await healthScope(ctx, req.session);
    return ok(await archiveAction(ctx, req.session, scope, id, action as ArchiveAction, body, ip(req)));
  });

  app.get(`${H}/residents/:id/timeline`, access, async (req) => {
    const { id } = parse(idParams, req.params, lang(req));
    const q = parse(pageQuery, req.query ?? {}, lang(req));
    await requireRight(ctx, req.session, 'view');
    await residentRow(ctx, await healthScope(ctx, req.session), id);
    return ok(await listTimeline(raw(ctx), id, q.currentPage, q.pageSize));
  });

  /** Full name, ID number and phones of one resident: the reveal grant, a reason, an audit entry. */
  app.post(`${H}/residents/:id/reveal`, access, async (req) => {
    const { id } = parse(idParams, req.params, lang(req));
    const body = parse(revealBody, req.body ?? {}, lang(req));
    await requireRight(ctx, req.session, 'reveal');
    const row = await residentRow(ctx, await healthScope(ctx, req.session), id);
    const { orgId } = await callerUnit(ctx, req.session.userId);
    await recordHealthAudit(raw(ctx), {
      userId: req.session.userId,
      orgId,
      action: 'reveal',
      residentId: id,
      target: 'fullName,idNumber,phone',
      reason: body.reason,
      ip: ip(req),
    });
    return ok({
      fullName: row.fullName ?? '',
      idNumber: row.idNumber ?? null,
      phone: row.phone ?? null,
      contactPhone: row.contactPhone ?? null,
    });
  });

  app.post(`${H}/residents/:id/print`, access, async (req) => {
    const { id } = parse(idParams, req.params, lang(req));
    await requireRight(ctx, req.session, 'view');
    await residentRow(ctx, await healthScope(ctx, req.session), id);
    const { orgId } = await callerUnit(ctx, req.session.userId);
    await recordHealthAudit(raw(ctx), {
      userId: req.session.userId,
      orgId,
      action: 'print',
      residentId: id,
      target: 'summary',
      ip: ip(req),
    });
    return ok(null);
  });

  /** Bulk export: its own grant; masked unless the caller may reveal and gives a reason (audited). */
  app.post(`${H}/residents/export`, access, async (req, reply) => {
    const body = parse(exportBody, req.body ?? {}, lang(req));
    const rights = await requireRight(ctx, req.session, 'export');
    if (body.reveal && (!rights.reveal || !body.reason)) throw forbidden('health.reveal.reasonRequired');
    const scope = await healthScope(ctx, req.session);
    const { list } = await listResidents(ctx, scope, { ...body, currentPage: 1, pageSize: HEALTH_EXPORT_MAX }, body.worklist);
    let rows: ResidentOut[] = list;
    if (body.reveal) {
      const ids = list.map((r) => r.id);
      const full = new Map<string, Record<string, any>>();
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = await raw(ctx)
          .selectFrom('lc_health_resident')
          .select(['id', 'fullName', 'idNumber', 'phone'])
          .where('id', 'in', ids.slice(i, i + 500))
          .execute();
        for (const r of chunk) full.set(r.id, r);
      }
      rows = list.map((r) => ({
        ...r,
        fullName: full.get(r.id)?.fullName ?? '',
        idNumber: full.get(r.id)?.idNumber ?? '',
        phone: full.get(r.id)?.phone ?? '',
      }));
    }
    const { orgId } = await callerUnit(ctx, req.session.userId);
    await recordHealthAudit(raw(ctx), {
      userId: req.session.userId,
      orgId,
      action: 'export',
      residentId: null,
      target: `${body.worklist ?? 'residents'}:${rows.length}${body.reveal ? ':unmasked' : ''}`,
      reason: body.reason || undefined,
      ip: ip(req),
    });
    const buffer = await residentWorkbook(rows, lang(req));
    const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    return sendXlsx(reply, buffer, `residents_${stamp}.xlsx`, `residents_${stamp}.xlsx`);
  });

  app.post(`${H}/families/list`, access, async (req) => {
    const body = parse(familyListBody, req.body ?? {}, lang(req));
    await requireRight(ctx, req.session, 'view');
    return ok(await listFamilies(ctx, await healthScope(ctx, req.session), body));
  });

  app.get(`${H}/families/:id`, access, async (req) => {
    const { id } = parse(idParams, req.params, lang(req));
    await requireRight(ctx, req.session, 'view');
    return ok(await familyDetail(ctx, await healthScope(ctx, req.session), id));
  });

  app.post(`${H}/families`, access, async (req) => {
    const body = parse(familyCreateBody, req.body ?? {}, lang(req));
    const rights = await healthRights(ctx, req.session);
    if (!rights.grants.isAdministrator && !['family_manage', 'family_add'].some((m) => rights.grants.modules.get(m)?.has('btn_add')))
      throw forbidden();
    const scope = await healthScope(ctx, req.session);
    const { model, auth } = await writeAuth(ctx, req, FAMILY_MODEL);
    const { id } = await createRecord(ctx, req.session, model, auth, {
      familyName: body.familyName,
      address: body.address || null,
      headResidentId: body.headResidentId ?? null,
    });
    for (const m of body.members) await setFamilyMember(ctx, req.session, scope, id, m.id, m.relationToHead);
    return ok({ id });
  });

  app.put(`${H}/families/:id/members/:residentId`, access, async (req) => {
    const p = parse(memberParams, req.params, lang(req));
    const body = parse(familyMemberBody, req.body ?? {}, lang(req));
    const rights = await healthRights(ctx, req.session);
    if (!rights.grants.isAdministrator && !['family_manage'].some((m) => rights.grants.modules.get(m)?.has('btn_edit'))) throw forbidden();
    await setFamilyMember(ctx, req.session, await healthScope(ctx, req.session), p.id, p.residentId, body.relationToHead);
    return ok(null);
  });
}

const SEX: Record<string, string> = { '1': '男', '2': '女' };
const STATE = ['草稿', '正常', '已注销'];
const AUDIT = ['未审核', '一级审核', '二级审核', '三级审核'];

async function residentWorkbook(rows: ResidentOut[], language: string): Promise<Buffer> {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  const en = language === 'en';
  const ws = wb.addWorksheet(en ? 'Residents' : '居民档案');
  ws.columns = [
    { header: en ? 'Name' : '姓名', key: 'fullName', width: 12 },
    { header: en ? 'ID number' : '身份证号', key: 'idNumber', width: 22 },
    { header: en ? 'Sex' : '性别', key: 'sex', width: 6 },
    { header: en ? 'Birth date' : '出生日期', key: 'birthDate', width: 12 },
    { header: en ? 'Phone' : '本人电话', key: 'phone', width: 15 },
    { header: en ? 'Managing unit' : '管辖机构', key: 'manageOrgName', width: 20 },
    { header: en ? 'Doctor' : '责任医生', key: 'doctorName', width: 10 },
    { header: en ? 'State' : '档案状态', key: 'state', width: 8 },
    { header: en ? 'Audit' : '审核级别', key: 'audit', width: 10 },
    { header: en ? 'Completeness %' : '完整度', key: 'completeness', width: 8 },
  ];
  for (const r of rows)
    ws.addRow({
      ...r,
      sex: SEX[r.sex ?? ''] ?? '',
      birthDate: r.birthDate === null ? '' : new Date(r.birthDate).toISOString().slice(0, 10),
      state: STATE[r.archiveState] ?? '',
      audit: AUDIT[r.auditLevel] ?? '',
    });
  ws.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
