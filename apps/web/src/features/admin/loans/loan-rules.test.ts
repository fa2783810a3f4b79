import { loanMessages, makerCheckerMessages, type LoanStatus } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import {
  changeLoanFilters,
  countPages,
  emptyLoanFilters,
  formatBucket,
  getInstalmentStatus,
  getLoanActionPlan,
  getPenaltyLeft,
  getRepaymentRight,
  getWaiverRight,
  readLoanFilters,
  writeLoanFilters,
} from './loan-rules';

const admin = { id: 'admin-1' };
const otherAdmin = 'admin-2';

function loan(overrides: Partial<Parameters<typeof getLoanActionPlan>[1]> = {}) {
  return {
    status: 'pending' as LoanStatus,
    member: { id: 'member-1' },
    guarantor: null,
    amount: 10_000,
    approvalsNeeded: 1,
    approverIds: [] as string[],
    ...overrides,
  };
}

describe('formatBucket', () => {
  it.each([
    ['1-30', '1–30 days'],
    ['31-60', '31–60 days'],
    ['61-90', '61–90 days'],
    ['90+', 'Over 90 days'],
  ] as const)('names %s as %s', (bucket, label) => {
    expect(formatBucket(bucket)).toBe(label);
  });
});

describe('loan filters in the address', () => {
  it('reads what it knows and drops the rest', () => {
    const filters = readLoanFilters(
      new URLSearchParams('status=active&type=personal&bucket=31-60&inArrears=true&page=3&evil=1'),
    );
    expect(filters).toEqual({ status: 'active', type: 'personal', bucket: '31-60', inArrears: 'true', page: 3 });
    expect(readLoanFilters(new URLSearchParams('status=lost&type=car&bucket=7&inArrears=yes&page=-2'))).toEqual(
      emptyLoanFilters,
    );
  });

  it('writes only what is set, and round-trips', () => {
    expect(writeLoanFilters(emptyLoanFilters).toString()).toBe('');
    const filters = { status: 'pending', type: '', bucket: '', inArrears: 'false', page: 2 } as const;
    expect(readLoanFilters(writeLoanFilters(filters))).toEqual(filters);
  });

  it('goes back to the first page when a filter changes', () => {
    expect(changeLoanFilters({ ...emptyLoanFilters, page: 4 }, { type: 'business' })).toMatchObject({
      type: 'business',
      page: 1,
    });
  });

  it('a bucket means loans in arrears; leaving arrears drops the bucket', () => {
    const inBucket = changeLoanFilters({ ...emptyLoanFilters, status: 'pending' }, { bucket: '61-90' });
    expect(inBucket).toMatchObject({ bucket: '61-90', inArrears: 'true', status: '' });
    expect(changeLoanFilters(inBucket, { inArrears: '' })).toMatchObject({ bucket: '', inArrears: '' });
    expect(changeLoanFilters(inBucket, { status: 'repaid' })).toMatchObject({ bucket: '', inArrears: '' });
    expect(changeLoanFilters(inBucket, { status: 'active' })).toMatchObject({ bucket: '61-90', inArrears: 'true' });
  });

  it('counts pages, at least one', () => {
    expect(countPages(0, 20)).toBe(1);
    expect(countPages(20, 20)).toBe(1);
    expect(countPages(21, 20)).toBe(2);
  });
});

describe('getLoanActionPlan', () => {
  it.each(['repaid', 'active', 'rejected', 'cancelled', 'guarantor_declined'] as const)(
    'offers nothing on a %s loan',
    (status) => {
      expect(getLoanActionPlan(admin, loan({ status }))).toEqual({
        approve: null,
        reject: null,
        disburse: null,
        notice: null,
      });
    },
  );

  it('offers approve and reject on a loan waiting for approval', () => {
    const plan = getLoanActionPlan(admin, loan());
    expect(plan.approve).toEqual({ mayDecide: true, isFinal: true });
    expect(plan.reject).toEqual({ mayDecide: true, isFinal: true });
    expect(plan.disburse).toBeNull();
  });

  it('only reject while the guarantor has not answered, saying why approval waits', () => {
    const plan = getLoanActionPlan(admin, loan({ status: 'awaiting_guarantor', guarantor: { id: 'g' } }));
    expect(plan.approve).toBeNull();
    expect(plan.reject).toEqual({ mayDecide: true, isFinal: true });
    expect(plan.notice).toBe(loanMessages.guarantorFirst);
  });

  it('refuses the member and the guarantor with the server messages', () => {
    const own = getLoanActionPlan(admin, loan({ member: admin }));
    expect(own.approve).toEqual({ mayDecide: false, reason: loanMessages.ownLoan });
    expect(own.reject).toEqual({ mayDecide: false, reason: loanMessages.ownLoan });
    const guaranteed = getLoanActionPlan(admin, loan({ status: 'approved', guarantor: admin, approverIds: ['x'] }));
    expect(guaranteed.disburse).toEqual({ mayDecide: false, reason: loanMessages.guaranteedLoan });
    expect(guaranteed.reject).toEqual({ mayDecide: false, reason: loanMessages.guaranteedLoan });
  });

  it('above the dual-approval amount the first approval is not final, and nobody approves twice', () => {
    const first = getLoanActionPlan(admin, loan({ approvalsNeeded: 2 }));
    expect(first.approve).toEqual({ mayDecide: true, isFinal: false });
    const second = getLoanActionPlan(admin, loan({ approvalsNeeded: 2, approverIds: [otherAdmin] }));
    expect(second.approve).toEqual({ mayDecide: true, isFinal: true });
    const again = getLoanActionPlan(admin, loan({ approvalsNeeded: 2, approverIds: [admin.id] }));
    expect(again.approve).toEqual({ mayDecide: false, reason: makerCheckerMessages.alreadyApproved });
    expect(again.reject).toEqual({ mayDecide: true, isFinal: true });
  });

  it('whoever approved a loan does not pay it out, but may still reject it', () => {
    const approvedByMe = getLoanActionPlan(
      admin,
      loan({ status: 'approved', approvalsNeeded: 2, approverIds: [otherAdmin, admin.id] }),
    );
    expect(approvedByMe.disburse).toEqual({ mayDecide: false, reason: loanMessages.approverPays });
    expect(approvedByMe.reject).toEqual({ mayDecide: true, isFinal: true });
    const approvedByOthers = getLoanActionPlan(admin, loan({ status: 'approved', approverIds: [otherAdmin] }));
    expect(approvedByOthers.disburse).toEqual({ mayDecide: true, isFinal: true });
  });
});

describe('waiver and repayment rights', () => {
  it('the admin who asked for a waiver does not decide it', () => {
    expect(getWaiverRight(admin, { requestedBy: admin.id, amount: 250 }, null)).toEqual({
      mayDecide: false,
      reason: loanMessages.ownWaiver,
    });
    expect(getWaiverRight(admin, { requestedBy: otherAdmin, amount: 250 }, null)).toMatchObject({ mayDecide: true });
  });

  it('nor the member or guarantor of its loan', () => {
    expect(getWaiverRight(admin, { requestedBy: otherAdmin, amount: 250 }, loan({ member: admin }))).toEqual({
      mayDecide: false,
      reason: loanMessages.ownLoan,
    });
  });

  it('a member does not approve their own repayment', () => {
    expect(getRepaymentRight(admin, { member: { id: admin.id }, amount: 100 })).toEqual({
      mayDecide: false,
      reason: loanMessages.ownRepayment,
    });
    expect(getRepaymentRight(admin, { member: { id: 'member-1' }, amount: 100 })).toMatchObject({ mayDecide: true });
  });
});

describe('getPenaltyLeft', () => {
  const base = {
    principal: 900,
    interest: 100,
    interestNotCharged: 0,
    penalty: 100,
    penaltyWaived: 0,
    status: 'overdue',
  };
  it.each([
    ['nothing paid', { unpaid: 1100 }, 100],
    ['part of the penalty paid', { unpaid: 1040 }, 40],
    ['the penalty paid and some interest', { unpaid: 950 }, 0],
    ['half waived', { penaltyWaived: 50, unpaid: 1050 }, 50],
    ['a paid instalment', { status: 'paid', unpaid: 0 }, 0],
    ['no penalty', { penalty: 0, unpaid: 1000 }, 0],
  ])('%s', (_, overrides, left) => {
    expect(getPenaltyLeft({ ...base, ...overrides })).toBe(left);
  });
});

describe('getInstalmentStatus', () => {
  it.each([
    ['due, its day not come', { status: 'due' as const, dueOn: '2025-03-15' }, '2025-03-15', 'due', 'Due'],
    ['due, its day passed', { status: 'due' as const, dueOn: '2025-03-15' }, '2025-03-16', 'overdue', 'Overdue'],
    ['marked overdue', { status: 'overdue' as const, dueOn: '2025-03-15' }, '2025-03-16', 'overdue', 'Overdue'],
    ['paid late', { status: 'paid' as const, dueOn: '2025-03-15' }, '2025-04-01', 'paid', 'Paid'],
    ['a loan not being repaid', { status: 'due' as const, dueOn: '2025-03-15' }, null, 'due', 'Due'],
  ])('%s', (_, row, asOf, status, label) => {
    expect(getInstalmentStatus(row, asOf)).toEqual({ status, label });
  });
});
