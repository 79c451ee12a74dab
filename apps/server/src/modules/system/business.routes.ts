import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountQueryBody, interfaceCallBody, officeDictBody, stockQueryBody, type PageResult } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { invokeInterface, type CallMode } from './data-interface.runner.ts';
import { findInterfaceForCall } from './data-interface.service.ts';
import { body, caller, params, withAccess } from './route-helpers.ts';

/**
 * The business calls of spec §7.7. Each is a thin adapter over a seeded data
 * interface (same engine, same read-only SQL, same call log), so an
 * administrator can see and change what answers them.
 */
export const BUSINESS_INTERFACES = {
  account: 'hfsAccountInfo',
  stock: 'erpStockInfo',
  office: 'baseOfficeDict',
  staff: 'ehrStaffInfo',
} as const;

async function run(ctx: AppContext, req: FastifyRequest, enCode: string, raw: Record<string, unknown>, mode: CallMode) {
  const row = await findInterfaceForCall(ctx, enCode);
  const input = interfaceCallBody.parse(raw);
  return invokeInterface(ctx, row, input, caller(req), mode, 'business');
}

const param = (field: string, value: unknown) => ({
  field,
  defaultValue: value === undefined || value === '' ? null : (value as string | number | null),
});

export async function businessRoutes(app: FastifyInstance, ctx: AppContext) {
  /** Accounting subjects (spec §3 account subject): flag 3, accountType 1–5, accountName, paging, orgId. */
  app.post('/hfs/ACCOUNT_INFO/hfsAccountQuery', withAccess(userAccess), async (req) => {
    const b = body(accountQueryBody, req);
    const page = (await run(
      ctx,
      req,
      BUSINESS_INTERFACES.account,
      {
        currentPage: b.currentPage,
        pageSize: b.pageSize,
        keyword: b.accountName || b.keyword || '',
        columnOptions: ['accountName', 'accountCode'],
        paramList: [param('accountType', b.accountType ?? null), param('orgId', b.orgId ?? null)],
      },
      'list',
    )) as PageResult<unknown>;
    // `cursor` holds the rows as the legacy procedure-backed service answered them.
    return ok({ list: page.list, cursor: page.list, total: page.pagination.total, pagination: page.pagination });
  });

  /** Drug and material stock of the member units. */
  app.post('/erp/ERP_STOCK_INFO/stockListQuery', withAccess(userAccess), async (req) => {
    const b = body(stockQueryBody, req);
    const page = (await run(
      ctx,
      req,
      BUSINESS_INTERFACES.stock,
      {
        currentPage: b.currentPage,
        pageSize: b.pageSize,
        keyword: b.itemName || b.keyword || '',
        columnOptions: ['ITEM_NAME', 'CODE', 'SPEC'],
        paramList: [param('orgCode', b.orgCode ?? null), param('orgId', b.orgId ?? null)],
      },
      'list',
    )) as PageResult<unknown>;
    return ok({ list: page.list, cursor: page.list, total: page.pagination.total, pagination: page.pagination });
  });

  /** Departments (offices) of a unit: dataType 0, sort 'desc', orgCode. */
  app.post('/bigdata/BASE_OFFICE_DICT/getList', withAccess(userAccess), async (req) => {
    const b = body(officeDictBody, req);
    const list = await run(
      ctx,
      req,
      BUSINESS_INTERFACES.office,
      {
        keyword: b.keyword || '',
        sidx: 'officeCode',
        sort: b.sort === 'asc' ? 'asc' : 'desc',
        columnOptions: ['officeName', 'officeCode'],
        paramList: [param('orgCode', b.orgCode ?? null), param('dataType', b.dataType)],
      },
      'preview',
    );
    return ok({ list });
  });

  /** One staff member, by user id or account. */
  app.get('/ehr/EHR_STAFF_INFO/:id', withAccess(userAccess), async (req) => {
    const { id } = params(req);
    const byId = await run(ctx, req, BUSINESS_INTERFACES.staff, { id, propsValue: 'id' }, 'info');
    const staff = byId ?? (await run(ctx, req, BUSINESS_INTERFACES.staff, { id, propsValue: 'USER_CODE_ID' }, 'info'));
    if (!staff) throw notFound('business.staffNotFound');
    return ok(staff);
  });
}
