import { sql, type Kysely } from 'kysely';
import type { ReferralStatsRow } from '@medalliance/contract';
import { all } from '../health/plans/rows.ts';
import type { OrgTree } from './parties.ts';
import { visible } from './rows.ts';
import type { Caller } from './referral.service.ts';

/**
 * Referral statistics of submitted referrals by sending unit and month
 * (submit_month, UTC): counts up and down, acceptance turnaround (submit →
 * the receiver's answer), arrival rate (arrived / accepted), the up/down
 * ratio per township (its centre and villages: up-referrals sent, down-
 * referrals received), two-week follow-up compliance and the reasons. Every
 * figure is one grouped SELECT; the caller's scope cuts the rows.
 */
export interface ReferralStats {
  monthFrom: string;
  monthTo: string;
  rows: ReferralStatsRow[];
  total: Omit<ReferralStatsRow, 'unitId' | 'unitName' | 'month'>;
  townships: { unitId: string; unitName: string; up: number; down: number; ratio: number | null }[];
  followUp: { unitId: string; unitName: string; due: number; inTime: number; rate: number | null }[];
  reasons: { reasonCode: string; direction: string; count: number }[];
  months: { month: string; up: number; down: number }[];
}

const rate = (a: number, b: number) => (b ? a / b : null);

export async function referralStats(
  db: Kysely<any>,
  tree: OrgTree,
  caller: Caller,
  monthFrom: string,
  monthTo: string,
  at: number,
): Promise<ReferralStats> {
  const inRange = db
    .selectFrom('referrals as f')
    .where(visible(caller.scope))
    .where('f.submit_month', '>=', monthFrom)
    .where('f.submit_month', '<=', monthTo);
  const grouped = await all(
    db,
    inRange
      .select([
        'f.from_unit_id as unitId',
        'f.submit_month as month',
        sql<number>`sum(case when f.direction = '1' then 1 else 0 end)`.as('up'),
        sql<number>`sum(case when f.direction = '2' then 1 else 0 end)`.as('down'),
        sql<number>`sum(case when f.answered_at is not null then 1 else 0 end)`.as('answered'),
        sql<number>`sum(case when f.answered_at is not null then f.answered_at - f.submitted_at else 0 end)`.as('answerMs'),
        sql<number>`sum(case when f.answered_at is not null and f.status <> '8' then 1 else 0 end)`.as('accepted'),
        sql<number>`sum(case when f.arrived = 1 then 1 else 0 end)`.as('arrived'),
      ])
      .groupBy(['f.from_unit_id', 'f.submit_month'])
      .orderBy('f.from_unit_id')
      .orderBy('f.submit_month'),
  );
  const hours = (ms: number, n: number) => (n ? Math.round((ms / n / 3_600_000) * 10) / 10 : null);
  const rows: ReferralStatsRow[] = grouped.map((g) => {
    const answered = Number(g.answered);
    const accepted = Number(g.accepted);
    const arrived = Number(g.arrived);
    return {
      unitId: String(g.unitId),
      unitName: tree.name(String(g.unitId)) ?? String(g.unitId),
      month: String(g.month),
      up: Number(g.up),
      down: Number(g.down),
      answered,
      turnaroundHours: hours(Number(g.answerMs), answered),
      accepted,
      arrivedCount: arrived,
      arrivalRate: rate(arrived, accepted),
    };
  });
  const sum = (k: 'up' | 'down' | 'answered' | 'accepted' | 'arrivedCount') => rows.reduce((s, r) => s + r[k], 0);
  const answerMs = grouped.reduce((s, g) => s + Number(g.answerMs), 0);
  const total = {
    up: sum('up'),
    down: sum('down'),
    answered: sum('answered'),
    turnaroundHours: hours(answerMs, sum('answered')),
    accepted: sum('accepted'),
    arrivedCount: sum('arrivedCount'),
    arrivalRate: rate(sum('arrivedCount'), sum('accepted')),
  };

  // Up/down per township: up-referrals its area sent, down-referrals its area received.
  const pairs = await all(
    db,
    inRange
      .select(['f.from_unit_id as fromUnit', 'f.to_unit_id as toUnit', 'f.direction as direction', sql<number>`count(*)`.as('n')])
      .groupBy(['f.from_unit_id', 'f.to_unit_id', 'f.direction']),
  );
  const townshipOf = (unit: string): string | null => {
    const chain = tree.unitAndAbove(unit);
    // [unit, ..., root]: the township is the unit just below the root, when it has units below it.
    const top = chain.length >= 2 ? chain[chain.length - 2]! : null;
    return top && tree.units().some((u) => u.parentId === top) ? top : null;
  };
  const ts = new Map<string, { up: number; down: number }>();
  for (const p of pairs) {
    const unit = String(p.direction) === '1' ? townshipOf(String(p.fromUnit)) : townshipOf(String(p.toUnit));
    if (!unit) continue;
    const e = ts.get(unit) ?? { up: 0, down: 0 };
    if (String(p.direction) === '1') e.up += Number(p.n);
    else e.down += Number(p.n);
    ts.set(unit, e);
  }
  const townships = [...ts.entries()]
    .map(([unitId, e]) => ({
      unitId,
      unitName: tree.name(unitId) ?? unitId,
      up: e.up,
      down: e.down,
      ratio: e.down ? Math.round((e.up / e.down) * 100) / 100 : null,
    }))
    .sort((a, b) => a.unitId.localeCompare(b.unitId));

  // Two-week follow-up: plans of referrals closed in the range whose window ended (or that were visited); in time = visited within the window.
  const plans = await all(
    db,
    db
      .selectFrom('health_plans as p')
      .innerJoin('referrals as f', 'f.id', 'p.enrolment_id')
      .where('p.programme', '=', 'ref')
      .where('p.kind', '=', 'after_referral')
      .where(visible(caller.scope))
      .where('f.submit_month', '>=', monthFrom)
      .where('f.submit_month', '<=', monthTo)
      .where((eb) => eb.or([eb('p.window_end', '<', at), eb('p.visit_id', 'is not', null)]))
      .select([
        'p.org_id as unitId',
        sql<number>`count(*)`.as('due'),
        sql<number>`sum(case when p.visited_at is not null and p.visited_at <= p.window_end then 1 else 0 end)`.as('inTime'),
      ])
      .groupBy('p.org_id'),
  );
  const followUp = plans.map((p) => ({
    unitId: String(p.unitId),
    unitName: tree.name(String(p.unitId)) ?? String(p.unitId),
    due: Number(p.due),
    inTime: Number(p.inTime),
    rate: rate(Number(p.inTime), Number(p.due)),
  }));

  const reasons = (
    await all(
      db,
      inRange
        .select(['f.reason_code as reasonCode', 'f.direction as direction', sql<number>`count(*)`.as('n')])
        .groupBy(['f.reason_code', 'f.direction'])
        .orderBy('f.reason_code'),
    )
  ).map((r) => ({ reasonCode: String(r.reasonCode), direction: String(r.direction), count: Number(r.n) }));

  const byMonth = new Map<string, { up: number; down: number }>();
  for (const r of rows) {
    const e = byMonth.get(r.month) ?? { up: 0, down: 0 };
    e.up += r.up;
    e.down += r.down;
    byMonth.set(r.month, e);
  }
  const months = [...byMonth.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, e]) => ({ month, ...e }));
  return { monthFrom, monthTo, rows, total, townships, followUp, reasons, months };
}
