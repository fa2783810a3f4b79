import type { AuditEntryView, AuditPage, AuditQuery } from '@letsema/domain';
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, users } from '../../db/schema.js';
import { isUuid } from '../../lib/tokens.js';

/** Rows one CSV export may hold; a wider view is narrowed with the filters first. */
export const AUDIT_EXPORT_LIMIT = 10_000;

/** The start of a day in Johannesburg (UTC+2 all year), as an instant. */
function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00+02:00`);
}

function nextDay(day: string): Date {
  return new Date(startOfDay(day).getTime() + 24 * 60 * 60 * 1000);
}

function conditions(query: AuditQuery): SQL | undefined {
  const parts: SQL[] = [];
  if (query.actor) {
    parts.push(
      isUuid(query.actor)
        ? eq(auditLog.actorId, query.actor)
        : sql`${auditLog.actorId} in (select ${users.id} from ${users} where ${users.email} = ${query.actor.toLowerCase()})`,
    );
  }
  if (query.subject) parts.push(eq(auditLog.targetId, query.subject));
  if (query.action) parts.push(sql`${auditLog.action} like ${`${query.action.replace(/[%_\\]/g, '\\$&')}%`}`);
  if (query.from) parts.push(gte(auditLog.createdAt, startOfDay(query.from)));
  if (query.to) parts.push(lt(auditLog.createdAt, nextDay(query.to)));
  return parts.length ? and(...parts) : undefined;
}

type Row = { log: typeof auditLog.$inferSelect; actorEmail: string | null; actorName: string | null };

function toView({ log, actorEmail, actorName }: Row): AuditEntryView {
  return {
    id: log.id,
    at: log.createdAt.toISOString(),
    actor: log.actorId && actorEmail ? { id: log.actorId, email: actorEmail, fullName: actorName } : null,
    action: log.action,
    targetType: log.targetType,
    targetId: log.targetId,
    outcome: log.outcome,
    ip: log.ip,
    userAgent: log.userAgent,
    before: log.before,
    after: log.after,
  };
}

/** Reads the audit log for auditors: filtered, newest first, paged with totals. Never writes. */
export function createAuditService(deps: { db: Db }) {
  const { db } = deps;

  function select(where: SQL | undefined) {
    return db
      .select({ log: auditLog, actorEmail: users.email, actorName: users.fullName })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  }

  return {
    async list(query: AuditQuery): Promise<AuditPage> {
      const where = conditions(query);
      const rows = await select(where)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      const [totals] = await db.select({ total: count() }).from(auditLog).where(where);
      const total = totals?.total ?? 0;
      return {
        entries: rows.map(toView),
        pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
      };
    },

    /** The filtered view as CSV (newest first), at most AUDIT_EXPORT_LIMIT rows. */
    async exportCsv(query: AuditQuery): Promise<string> {
      const rows = (await select(conditions(query)).limit(AUDIT_EXPORT_LIMIT)).map(toView);
      const header = [
        'time',
        'actor',
        'action',
        'subject type',
        'subject',
        'outcome',
        'address',
        'browser',
        'before',
        'after',
      ];
      const lines = rows.map((row) =>
        [
          row.at,
          row.actor?.email ?? '',
          row.action,
          row.targetType,
          row.targetId,
          row.outcome ?? '',
          row.ip ?? '',
          row.userAgent ?? '',
          row.before === null ? '' : JSON.stringify(row.before),
          row.after === null ? '' : JSON.stringify(row.after),
        ]
          .map(csvCell)
          .join(','),
      );
      return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
    },
  };
}

/**
 * One CSV cell, quoted. A cell that a spreadsheet would read as a formula (=, +, -, @) is prefixed
 * with an apostrophe, so an exported log cannot run anything when opened.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export type AuditService = ReturnType<typeof createAuditService>;
