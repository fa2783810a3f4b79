import type { RecordListQuery } from '@letsema/domain';
import { asc } from 'drizzle-orm';
import { writeCsv } from '../../csv.js';
import type { RecordDeps } from '../deps.js';
import { categoryLabel, recordKinds, recordOf, type RecordType } from '../kinds.js';
import { selectRecords } from '../view.js';
import { recordFilters } from './list-records.js';

/** The columns of the expenses and the income CSV, the same for both. */
const RECORD_CSV_COLUMNS = [
  'Date',
  'Month',
  'Category',
  'Amount (R)',
  'Pool',
  'Description',
  'Status',
  'Recorded by',
  'Decided at',
  'Rejection reason',
];

/**
 * The expenses or income that match the list's filters, oldest first, as CSV: the amount a plain
 * number, for a spreadsheet to add up.
 */
export async function exportRecords(
  deps: RecordDeps,
  type: RecordType,
  query: Omit<RecordListQuery, 'page' | 'limit'>,
): Promise<string> {
  const kind = recordKinds[type];
  const rows = await selectRecords(deps, kind)
    .where(recordFilters(kind, query))
    .orderBy(asc(kind.dateColumn), asc(kind.table.createdAt))
    .limit(50_000);
  return writeCsv(
    RECORD_CSV_COLUMNS,
    rows.map(({ row, pool, by }) => {
      const record = recordOf(row);
      return [
        record.date,
        record.period,
        categoryLabel(kind, record.category),
        { cents: record.amountCents },
        pool.name,
        record.description,
        record.status,
        by.fullName ?? '',
        record.decidedAt?.toISOString() ?? '',
        record.rejectionReason ?? '',
      ];
    }),
  );
}
