import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database.js';
import { assertMoneyInvariants } from '../../test/invariants.js';
import type { Db } from './client.js';
import { migrationsFolder } from './client.js';
import { DEFAULT_COOPERATIVE_ID } from './schema.js';
import * as schema from './schema.js';

/**
 * Every table of a cooperative's own data: each carries `cooperative_id`, the wall between
 * cooperatives on one installation.
 */
const tablesOfACooperative = [
  'account_counts',
  'account_links',
  'accounting_periods',
  'audit_log',
  'contribution_instalments',
  'correction_requests',
  'email_outbox',
  'exit_requests',
  'expenses',
  'files',
  'income',
  'journal_entries',
  'journal_lines',
  'loan_instalments',
  'loan_penalties',
  'loan_penalty_waivers',
  'loan_products',
  'loan_repayments',
  'loans',
  'memberships',
  'next_of_kin',
  'notifications',
  'payments',
  'payout_accounts',
  'period_reopen_requests',
  'pools',
  'record_reversal_requests',
  'settings',
  'staff_grants',
  'staff_invitations',
  'users',
  'withdrawals',
];

/**
 * The tables of a person's login and of the installation itself, which no one cooperative owns: a
 * person has one login, one password and one two-factor for all of their cooperatives.
 */
const tablesOfPeopleAndTheInstallation = [
  'cooperatives',
  'logins',
  'mfa_challenges',
  'mfa_recovery_codes',
  'rate_limits',
  'reauth_codes',
  'sessions',
];

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The migrations folder as it was before cooperatives: every migration up to 0026. */
function migrationsBeforeCooperatives(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'letsema-migrations-'));
  folders.push(folder);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag.endsWith('_cooperatives'));
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

interface BareDatabase {
  db: Db;
  /** One connection, so that `begin` and `commit` hold around the statements between them. */
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * An empty database that no migration has touched yet: in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (dropped on close).
 */
async function openBareDatabase(): Promise<BareDatabase> {
  if (testEngine === 'pglite') {
    const client = new PGlite();
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      query: async <Row>(text: string, params?: unknown[]) => (await client.query<Row>(text, params)).rows,
      migrate: (folder) => migratePglite(db as never, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `letsema_test_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const db = drizzleNodePg(client, { schema }) as unknown as Db;
  return {
    db,
    query: async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[],
    migrate: (folder) => migrateNodePg(db, { migrationsFolder: folder }),
    async close() {
      await client.end();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** The tables of the public schema, by name. */
async function listTables(database: BareDatabase): Promise<string[]> {
  const rows = await database.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
  );
  return rows.map((row) => row.name);
}

/** The tables of the public schema that carry `cooperative_id`. */
async function listTablesWithCooperative(database: BareDatabase): Promise<string[]> {
  const rows = await database.query<{ name: string }>(
    `select c.table_name as name from information_schema.columns c
     join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and c.column_name = 'cooperative_id' and t.table_type = 'BASE TABLE'
     order by 1`,
  );
  return rows.map((row) => row.name);
}

/**
 * Every row of a table as JSON without its cooperative (and its login, which is the account's own
 * id after the upgrade), in a fixed order: what must survive. `from` reads something else instead.
 */
async function readRows(database: BareDatabase, table: string, from = `"${table}"`): Promise<unknown[]> {
  const row = `(to_jsonb(t) - 'cooperative_id' - 'login_id')`;
  const [result] = await database.query<{ rows: unknown[] }>(
    `select coalesce(jsonb_agg(${row} order by ${row}::text), '[]'::jsonb) as rows from ${from} t`,
  );
  return result!.rows;
}

/**
 * Since a person's login left `users` (0028), an account as it was before is its row with its
 * login's columns, and a recovery code's account is its login.
 */
const asBefore: Record<string, string> = {
  users: `(select u.*, l.password_hash, l.oidc_issuer, l.oidc_subject, l.email_verified_at, l.password_set_at,
      l.mfa_secret, l.mfa_enabled_at, l.mfa_pending_secret, l.mfa_last_step, l.password_change_required
    from users u join logins l on l.id = u.login_id)`,
  mfa_recovery_codes: `(select id, login_id as user_id, code_hash, used_at, created_at from mfa_recovery_codes)`,
};

/**
 * An installation as it stood before cooperatives, written in SQL against the tables of that time:
 * at least one row in every table, consistent with its checks, its keys and the money invariants.
 */
async function seedInstallation(database: BareDatabase) {
  const insert = async (table: string, row: Record<string, unknown>): Promise<string> => {
    const columns = Object.keys(row);
    const [inserted] = await database.query<{ id: string }>(
      `insert into "${table}" (${columns.map((column) => `"${column}"`).join(', ')})
       values (${columns.map((_, index) => `$${index + 1}`).join(', ')}) returning *`,
      Object.values(row),
    );
    return inserted!.id;
  };
  const json = (value: unknown) => JSON.stringify(value);

  await database.query('begin');
  const admin = await insert('users', {
    email: 'treasurer@kgotso.test',
    password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
    full_name: 'Lindiwe Treasurer',
    registration_status: 'active',
    is_admin: true,
    is_super_admin: true,
    admin_roles: json(['member_management', 'payment_management', 'loan_management', 'month_end']),
    email_verified_at: '2026-01-05T08:00:00Z',
    mfa_secret: 'JBSWY3DPEHPK3PXP',
    mfa_enabled_at: '2026-01-05T08:05:00Z',
  });
  const invited = await insert('users', {
    email: 'bookkeeper@kgotso.test',
    full_name: 'Nomsa Bookkeeper',
    registration_status: 'active',
    is_admin: true,
    admin_roles: json([]),
    password_change_required: true,
  });
  const thandi = await insert('users', {
    email: 'thandi@kgotso.test',
    password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
    full_name: 'Thandi Mokoena',
    phone_number: '0821234567',
    identity_type: 'sa_id',
    national_id: '8001015009087',
    date_of_birth: '1980-01-01',
    address: '12 Vilakazi Street',
    city: 'Soweto',
    province: 'Gauteng',
    registration_status: 'active',
    submitted_at: '2026-02-01T09:00:00Z',
    email_preferences: json({ payments: true }),
  });
  const sipho = await insert('users', {
    email: 'sipho@kgotso.test',
    full_name: 'Sipho Dlamini',
    registration_status: 'active',
  });
  await insert('users', { email: 'lerato@kgotso.test', full_name: 'Lerato Applicant' });

  const session = await insert('sessions', { user_id: thandi, expires_at: '2026-07-01T00:00:00Z' });
  await database.query(
    `insert into reauth_codes (session_id, code_hash, expires_at) values ($1, 'code-hash', '2026-06-30T10:10:00Z')`,
    [session],
  );
  await insert('mfa_challenges', { user_id: admin, method: 'password', expires_at: '2026-06-30T10:05:00Z' });
  await insert('mfa_recovery_codes', { user_id: admin, code_hash: 'recovery-hash-1' });
  await database.query(
    `insert into rate_limits (key, count, window_start) values ('login:203.0.113.5', 2, '2026-06-30T10:00:00Z')`,
  );
  await insert('account_links', {
    user_id: sipho,
    purpose: 'password_reset',
    token_hash: 'link-hash',
    requested_by: admin,
    expires_at: '2026-07-01T10:00:00Z',
  });
  await insert('staff_invitations', {
    user_id: invited,
    token_hash: 'invitation-hash',
    invited_by: admin,
    expires_at: '2026-07-07T10:00:00Z',
  });
  await insert('staff_grants', {
    user_id: invited,
    kind: 'invitation',
    roles: json(['payment_management']),
    maker_id: admin,
  });
  await database.query(
    `insert into settings (key, value, updated_by) values ('payment_details', $1, $2), ('lending', $3, $2)`,
    [
      json({
        bankName: 'First National Bank',
        accountHolder: 'Kgotso Savings Cooperative',
        accountNumber: '62001234567',
        branchCode: '250655',
        registrationNumber: '2019/123456/24',
      }),
      admin,
      json({ enabled: true }),
    ],
  );
  await insert('files', {
    key: 'kyc/th/id-document.pdf',
    owner_id: thandi,
    kind: 'id_document',
    content_type: 'application/pdf',
    size: 48_213,
  });
  await insert('next_of_kin', {
    user_id: thandi,
    nok_order: 1,
    full_name: 'Bongani Mokoena',
    relationship: 'brother',
    phone_number: '0837654321',
    national_id: '8502025009081',
    date_of_birth: '1985-02-02',
    address: '12 Vilakazi Street, Soweto',
  });
  await insert('notifications', {
    user_id: thandi,
    title: 'Payment approved',
    message: 'Your contribution of R 1 500.00 was approved.',
    category: 'payment',
  });
  await insert('email_outbox', {
    to_address: 'thandi@kgotso.test',
    subject: 'Payment approved',
    text: 'Your contribution of R 1 500.00 was approved.',
  });
  await insert('correction_requests', {
    user_id: thandi,
    field: 'address',
    message: 'I moved to 14 Vilakazi Street.',
  });
  await insert('audit_log', {
    actor_id: admin,
    action: 'payment.approve',
    target_type: 'payment',
    target_id: 'p-1',
    before: json({ status: 'pending' }),
    after: json({ status: 'completed' }),
    outcome: 'success',
  });

  // A pool of ten shares of R 1 000: Thandi holds two and has paid R 1 500, Sipho one, paid in full,
  // with R 50 of returns allocated to him at the end of May.
  const pool = await insert('pools', {
    name: 'Kgotso Growth Pool',
    description: 'Savings for the spaza shops.',
    target_amount_cents: 1_000_000,
    current_amount_cents: 250_000,
    total_shares: 10,
    available_shares: 7,
    price_per_share_cents: 100_000,
    max_members: 10,
    total_members: 2,
    investment_duration: 12,
    payment_frequencies: json(['monthly']),
    payment_methods: json(['EFT']),
    status: 'active',
    created_by: admin,
    approved_by: admin,
    approved_at: '2026-03-01T08:00:00Z',
  });
  const thandiInPool = await insert('memberships', {
    user_id: thandi,
    pool_id: pool,
    number_of_shares: 2,
    total_commitment_cents: 200_000,
    total_paid_cents: 150_000,
    installment_plan: 'monthly',
    contribution_amount_cents: 100_000,
    contribution_status: 'approved',
    decided_by: admin,
    decided_at: '2026-03-02T08:00:00Z',
  });
  const siphoInPool = await insert('memberships', {
    user_id: sipho,
    pool_id: pool,
    number_of_shares: 1,
    total_commitment_cents: 100_000,
    total_paid_cents: 100_000,
    actual_return_cents: 5_000,
    installment_plan: 'once',
    contribution_amount_cents: 100_000,
    contribution_status: 'approved',
  });
  await insert('contribution_instalments', {
    membership_id: thandiInPool,
    number: 1,
    due_on: '2026-05-01',
    amount_cents: 100_000,
    cumulative_cents: 100_000,
  });
  await insert('contribution_instalments', {
    membership_id: thandiInPool,
    number: 2,
    due_on: '2026-06-01',
    amount_cents: 100_000,
    cumulative_cents: 200_000,
  });
  const payment = (
    userId: string,
    membershipId: string,
    amountCents: number,
    status: string,
    proof: string,
    decidedAt: string | null,
  ) =>
    insert('payments', {
      user_id: userId,
      pool_id: pool,
      membership_id: membershipId,
      amount_cents: amountCents,
      status,
      payment_method: 'EFT',
      proof_of_payment_url: proof,
      decided_by: decidedAt ? admin : null,
      decided_at: decidedAt,
    });
  const thandiPaid = await payment(
    thandi,
    thandiInPool,
    150_000,
    'completed',
    '/api/files/pp/a.pdf',
    '2026-05-10T08:00:00Z',
  );
  await payment(thandi, thandiInPool, 10_000, 'pending', '/api/files/pp/b.pdf', null);
  const siphoPaid = await payment(
    sipho,
    siphoInPool,
    100_000,
    'completed',
    '/api/files/pp/c.pdf',
    '2026-05-11T08:00:00Z',
  );

  const expense = await insert('expenses', {
    pool_id: pool,
    category: 'banking_fees',
    amount_cents: 3_000,
    expense_date: '2026-05-20',
    period: '2026-05',
    description: 'Monthly account fee',
    receipt_url: '/api/files/rc/fee.pdf',
    status: 'approved',
    approver_ids: json([admin]),
    recorded_by: invited,
    decided_by: admin,
    decided_at: '2026-05-21T08:00:00Z',
  });
  const income = await insert('income', {
    pool_id: pool,
    category: 'interest',
    amount_cents: 8_000,
    income_date: '2026-05-31',
    period: '2026-05',
    description: 'Interest on the call account',
    proof_url: '/api/files/in/interest.pdf',
    status: 'approved',
    recorded_by: invited,
    decided_by: admin,
    decided_at: '2026-05-31T12:00:00Z',
  });
  await insert('record_reversal_requests', {
    expense_id: expense,
    amount_cents: 3_000,
    reason: 'The bank charged the fee twice and refunded it.',
    requested_by: invited,
  });

  const product = await insert('loan_products', {
    type: 'personal',
    name: 'Personal loan',
    description: 'For a member in good standing.',
    annual_rate_bps: 1_200,
    min_term_months: 1,
    max_term_months: 12,
    max_capital_multiple_hundredths: 300,
    grace_days: 7,
    penalty_type: 'fixed',
    penalty_fixed_cents: 1_000,
    guarantor_above_capital: true,
    created_by: admin,
  });
  // R 600 lent to Thandi over three months, the first instalment repaid, the second overdue and
  // charged a R 10 penalty (a waiver of half of it waits for a decision).
  const loan = await insert('loans', {
    user_id: thandi,
    pool_id: pool,
    product_id: product,
    type: 'personal',
    principal_cents: 60_000,
    annual_rate_bps: 1_200,
    term_months: 3,
    instalment_cents: 20_400,
    total_interest_cents: 1_200,
    purpose: 'Stock for the spaza shop',
    grace_days: 7,
    penalty_type: 'fixed',
    penalty_fixed_cents: 1_000,
    penalty_percent_bps: 0,
    capital_cents: 150_000,
    guarantor_id: sipho,
    guaranteed_cents: 0,
    guarantor_status: 'accepted',
    guarantor_decided_at: '2026-05-12T08:00:00Z',
    status: 'active',
    approver_ids: json([admin]),
    approved_at: '2026-05-13T08:00:00Z',
    decided_by: admin,
    decided_at: '2026-05-13T08:00:00Z',
    disbursed_by: admin,
    disbursed_at: '2026-05-15T08:00:00Z',
    disbursed_on: '2026-05-15',
    disbursement_proof_url: '/api/files/ld/loan.pdf',
    principal_repaid_cents: 20_000,
  });
  const instalment = (number: number, dueOn: string, interestCents: number, paid: boolean, status: string) =>
    insert('loan_instalments', {
      loan_id: loan,
      number,
      due_on: dueOn,
      principal_cents: 20_000,
      interest_cents: interestCents,
      principal_paid_cents: paid ? 20_000 : 0,
      interest_paid_cents: paid ? interestCents : 0,
      status,
      paid_on: paid ? '2026-06-10' : null,
    });
  await instalment(1, '2026-06-15', 600, true, 'paid');
  const overdue = await instalment(2, '2026-07-15', 400, false, 'overdue');
  await instalment(3, '2026-08-15', 200, false, 'due');
  const repayment = await insert('loan_repayments', {
    loan_id: loan,
    user_id: thandi,
    amount_cents: 20_600,
    payment_method: 'EFT',
    proof_url: '/api/files/lr/first.pdf',
    status: 'approved',
    paid_on: '2026-06-10',
    interest_cents: 600,
    principal_cents: 20_000,
    decided_by: admin,
    decided_at: '2026-06-10T12:00:00Z',
  });
  const penalty = await insert('loan_penalties', {
    loan_id: loan,
    instalment_id: overdue,
    amount_cents: 1_000,
    applied_on: '2026-07-23',
  });
  await insert('loan_penalty_waivers', {
    penalty_id: penalty,
    loan_id: loan,
    amount_cents: 500,
    reason: 'The bank delayed her debit order.',
    requested_by: invited,
  });

  await insert('payout_accounts', {
    user_id: sipho,
    bank_id: 'capitec',
    bank_name: 'Capitec Bank',
    branch_code: '470010',
    account_holder: 'Sipho Dlamini',
    account_number: '1234567890',
    usable_from: '2026-05-02T08:00:00Z',
  });
  await insert('withdrawals', {
    user_id: sipho,
    membership_id: siphoInPool,
    pool_id: pool,
    amount_cents: 5_000,
    account_holder: 'Sipho Dlamini',
    bank_name: 'Capitec Bank',
    account_number: '1234567890',
    branch_code: '470010',
  });
  await insert('exit_requests', {
    user_id: thandi,
    membership_id: thandiInPool,
    pool_id: pool,
    reason: 'Moving to Durban.',
    notice_ends_on: '2026-08-31',
  });

  // The journal: each entry balanced, posted in the same transaction as its lines.
  const post = async (
    entry: { effectiveDate: string; kind: string; description: string; sourceType: string; sourceId: string },
    lines: { account: string; amountCents: number; userId?: string; loanId?: string }[],
  ) => {
    const entryId = await insert('journal_entries', {
      effective_date: entry.effectiveDate,
      period: entry.effectiveDate.slice(0, 7),
      kind: entry.kind,
      description: entry.description,
      source_type: entry.sourceType,
      source_id: entry.sourceId,
      created_by: admin,
      approved_by: admin,
    });
    for (const line of lines)
      await insert('journal_lines', {
        entry_id: entryId,
        account: line.account,
        user_id: line.userId ?? null,
        pool_id: pool,
        loan_id: line.loanId ?? null,
        amount_cents: line.amountCents,
      });
  };
  const paymentEntry = { kind: 'payment', description: 'Contribution', sourceType: 'payment' };
  await post({ ...paymentEntry, effectiveDate: '2026-05-10', sourceId: thandiPaid }, [
    { account: 'bank', amountCents: 150_000 },
    { account: 'member_capital', userId: thandi, amountCents: -150_000 },
  ]);
  await post({ ...paymentEntry, effectiveDate: '2026-05-11', sourceId: siphoPaid }, [
    { account: 'bank', amountCents: 100_000 },
    { account: 'member_capital', userId: sipho, amountCents: -100_000 },
  ]);
  await post(
    { effectiveDate: '2026-05-21', kind: 'expense', description: 'Bank fee', sourceType: 'expense', sourceId: expense },
    [
      { account: 'expense:banking_fees', amountCents: 3_000 },
      { account: 'bank', amountCents: -3_000 },
    ],
  );
  await post(
    { effectiveDate: '2026-05-31', kind: 'income', description: 'Interest', sourceType: 'income', sourceId: income },
    [
      { account: 'bank', amountCents: 8_000 },
      { account: 'income:interest', amountCents: -8_000 },
    ],
  );
  await post(
    {
      effectiveDate: '2026-05-31',
      kind: 'allocation',
      description: 'May allocated to the members',
      sourceType: 'accounting_period',
      sourceId: '2026-05',
    },
    [
      { account: 'income:interest', amountCents: 8_000 },
      { account: 'expense:banking_fees', amountCents: -3_000 },
      { account: 'member_returns', userId: sipho, amountCents: -5_000 },
    ],
  );
  await post(
    { effectiveDate: '2026-05-15', kind: 'loan', description: 'Loan paid out', sourceType: 'loan', sourceId: loan },
    [
      { account: 'loans_receivable', userId: thandi, loanId: loan, amountCents: 60_000 },
      { account: 'bank', amountCents: -60_000 },
    ],
  );
  await post(
    {
      effectiveDate: '2026-06-10',
      kind: 'loan',
      description: 'Loan repayment',
      sourceType: 'loan_repayment',
      sourceId: repayment,
    },
    [
      { account: 'bank', amountCents: 20_600 },
      { account: 'loans_receivable', userId: thandi, loanId: loan, amountCents: -20_000 },
      { account: 'income:loan_interest', userId: thandi, loanId: loan, amountCents: -600 },
    ],
  );
  await post(
    {
      effectiveDate: '2026-07-23',
      kind: 'loan',
      description: 'Late penalty',
      sourceType: 'loan_penalty',
      sourceId: penalty,
    },
    [
      { account: 'loan_penalties_receivable', userId: thandi, loanId: loan, amountCents: 1_000 },
      { account: 'income:loan_penalties', userId: thandi, loanId: loan, amountCents: -1_000 },
    ],
  );

  // May is closed and a reopening of it waits for a second admin; June is open.
  await insert('accounting_periods', {
    period: '2026-05',
    status: 'closed',
    steps: json({ reconcile: 'done', allocate: 'done', close: 'done' }),
    bank_closing_balance_cents: 255_000,
    ledger_bank_balance_cents: 255_000,
    bank_statement_url: '/api/files/bs/may.pdf',
    calculation: json({ allocatedCents: 5_000 }),
    reports: json({ trialBalance: '/api/files/rp/may.pdf' }),
  });
  await insert('accounting_periods', { period: '2026-06' });
  await insert('period_reopen_requests', {
    period: '2026-05',
    reason: 'The bank fee was refunded after the close.',
    requested_by: invited,
    kind: 'reopen',
  });
  await database.query('commit');
}

describe(`the cooperatives migration (${testEngine})`, () => {
  it('moves an installation with data in every table into its first cooperative, losing nothing', async () => {
    const database = await openBareDatabase();
    try {
      await database.migrate(migrationsBeforeCooperatives());
      await seedInstallation(database);

      const tablesBefore = await listTables(database);
      const counts = new Map<string, number>();
      const rowsBefore = new Map<string, unknown[]>();
      for (const table of tablesBefore) {
        const rows = await readRows(database, table);
        counts.set(table, rows.length);
        rowsBefore.set(table, rows);
      }
      const emptyTables = tablesBefore.filter((table) => counts.get(table) === 0);
      expect(
        emptyTables,
        'every table of the schema before cooperatives holds a row in this test: write one for each table named',
      ).toEqual([]);

      await database.migrate(migrationsFolder);

      const tablesAfter = await listTables(database);
      expect(tablesAfter).toEqual([...tablesBefore, 'cooperatives', 'logins'].sort());
      for (const table of tablesBefore) {
        expect(await readRows(database, table, asBefore[table]), `the rows of ${table}`).toEqual(rowsBefore.get(table));
      }
      // Each account's login kept the account's id, so its sessions and sealed secrets still hold.
      expect(await database.query('select count(*)::int as n from users where login_id is distinct from id')).toEqual([
        { n: 0 },
      ]);
      expect(await database.query('select count(*)::int as n from logins')).toEqual([{ n: counts.get('users') }]);

      expect(
        await database.query('select id, name, slug, registration_number, province, status from cooperatives'),
      ).toEqual([
        {
          id: DEFAULT_COOPERATIVE_ID,
          name: 'Kgotso Savings Cooperative',
          slug: 'default',
          registration_number: '2019/123456/24',
          province: null,
          status: 'active',
        },
      ]);

      const tablesWithCooperative = await listTablesWithCooperative(database);
      expect(tablesWithCooperative).toEqual([...tablesOfACooperative].sort());
      for (const table of tablesWithCooperative) {
        const [row] = await database.query<{ elsewhere: number; total: number }>(
          `select count(*) filter (where cooperative_id is distinct from $1)::int as elsewhere, count(*)::int as total
           from "${table}"`,
          [DEFAULT_COOPERATIVE_ID],
        );
        expect(row, `the rows of ${table} belong to the first cooperative`).toEqual({
          elsewhere: 0,
          total: counts.get(table),
        });
      }

      const [members] = await database.query<{ counted: number; members: number }>(
        `select (select count::int from account_counts where cooperative_id = $1 and name = 'members') as counted,
           (select count(*)::int from users where not is_admin) as members`,
        [DEFAULT_COOPERATIVE_ID],
      );
      expect(members).toEqual({ counted: 3, members: 3 });
      // The members count still follows who is a member, now in the first cooperative's row.
      await database.query(
        `with login as (insert into logins (email) values ('late@kgotso.test') returning id)
         insert into users (email, login_id) select 'late@kgotso.test', id from login`,
      );
      const [after] = await database.query<{ count: number }>(
        `select count::int from account_counts where cooperative_id = $1 and name = 'members'`,
        [DEFAULT_COOPERATIVE_ID],
      );
      expect(after).toEqual({ count: 4 });

      await assertMoneyInvariants(database.db);
    } finally {
      await database.close();
    }
  });

  it('names the first cooperative after the product when no bank account holder was set', async () => {
    const database = await openBareDatabase();
    try {
      await database.migrate(migrationsBeforeCooperatives());
      await database.migrate(migrationsFolder);
      expect(await database.query('select id, name, slug, registration_number from cooperatives')).toEqual([
        {
          id: DEFAULT_COOPERATIVE_ID,
          name: 'Letsema savings cooperative',
          slug: 'default',
          registration_number: null,
        },
      ]);
    } finally {
      await database.close();
    }
  });
});

describe(`the wall between cooperatives (${testEngine})`, () => {
  it('carries cooperative_id on every table of a cooperative’s data', async () => {
    const database = await openBareDatabase();
    try {
      await database.migrate(migrationsFolder);
      const tables = await listTables(database);
      const withCooperative = await listTablesWithCooperative(database);
      const unlisted = tables.filter(
        (table) => !tablesOfACooperative.includes(table) && !tablesOfPeopleAndTheInstallation.includes(table),
      );
      expect(
        unlisted,
        'every table of a cooperative’s data carries cooperative_id (and appears in tablesOfACooperative); ' +
          'only the tables of people’s logins and of the installation go without it ' +
          '(tablesOfPeopleAndTheInstallation). These tables are in neither list',
      ).toEqual([]);
      const withoutColumn = tablesOfACooperative.filter((table) => !withCooperative.includes(table));
      expect(withoutColumn, 'every table of a cooperative’s data carries cooperative_id; these do not').toEqual([]);
      expect(withCooperative).toEqual([...tablesOfACooperative].sort());
    } finally {
      await database.close();
    }
  });

  it('keeps a month of the books per cooperative: one closed, the other’s open', async () => {
    const database = await openBareDatabase();
    try {
      await database.migrate(migrationsFolder);
      const [second] = await database.query<{ id: string }>(
        `insert into cooperatives (name, slug) values ('Second savings club', 'second') returning id`,
      );
      const secondId = second!.id;
      await database.query(
        `insert into accounting_periods (cooperative_id, period) values ($1, '2026-07'), ($2, '2026-07')`,
        [DEFAULT_COOPERATIVE_ID, secondId],
      );
      await database.query(
        `update accounting_periods set status = 'closed' where cooperative_id = $1 and period = '2026-07'`,
        [DEFAULT_COOPERATIVE_ID],
      );
      expect(
        await database.query(
          `select cooperative_id, status from accounting_periods where period = '2026-07' order by status`,
        ),
      ).toEqual([
        { cooperative_id: DEFAULT_COOPERATIVE_ID, status: 'closed' },
        { cooperative_id: secondId, status: 'open' },
      ]);

      await expect(
        database.query(`insert into accounting_periods (cooperative_id, period) values ($1, '2026-07')`, [secondId]),
      ).rejects.toMatchObject({ code: '23505', constraint: 'accounting_periods_pkey' });
    } finally {
      await database.close();
    }
  });
});
