import { describe, expect, it } from 'vitest';
import { approvalsNeeded, canDecide, makerCheckerMessages, ruleForApprovals, singleChecker } from './maker-checker.js';

const rule = { dualApprovalAboveCents: 200_000 };

describe('maker-checker', () => {
  it.each([
    ['the maker', 'maker', [], 50_000, { allowed: false, reason: 'maker', message: makerCheckerMessages.maker }],
    ['another admin, small amount', 'checker', [], 50_000, { allowed: true, approvalsNeeded: 1, isFinal: true }],
    ['another admin, at the threshold', 'checker', [], 200_000, { allowed: true, approvalsNeeded: 1, isFinal: true }],
    ['a first checker, above it', 'checker', [], 200_001, { allowed: true, approvalsNeeded: 2, isFinal: false }],
    [
      'a second checker, above it',
      'second',
      ['checker'],
      200_001,
      { allowed: true, approvalsNeeded: 2, isFinal: true },
    ],
    [
      'the first checker again',
      'checker',
      ['checker'],
      500_000,
      { allowed: false, reason: 'alreadyApproved', message: makerCheckerMessages.alreadyApproved },
    ],
    [
      'the maker, even after a checker',
      'maker',
      ['checker'],
      500_000,
      { allowed: false, reason: 'maker', message: makerCheckerMessages.maker },
    ],
  ])('%s', (_who, actor, approvers, amountCents, verdict) => {
    expect(canDecide(actor, { makerId: 'maker', amountCents, approverIds: approvers }, rule)).toEqual(verdict);
  });

  it.each([
    ['the requester', 'requester', false],
    ['who recorded the original', 'recorder', false],
    ['who approved the original', 'approver', false],
    ['anyone else', 'other', true],
  ])('a reversal: %s', (_who, actor, allowed) => {
    const record = {
      makerId: 'requester',
      otherMakerIds: ['recorder', 'approver'],
      amountCents: 10_000,
      approverIds: [],
    };
    const verdict = canDecide(actor, record, singleChecker('reversal message'));
    expect(verdict.allowed).toBe(allowed);
    if (!verdict.allowed) expect(verdict.message).toBe('reversal message');
  });

  it('counts a large refund or loss like a large amount', () => {
    expect(approvalsNeeded({ amountCents: -300_000 }, rule)).toBe(2);
  });

  it('tells the maker what they made, with one checker whatever the amount, under a single-checker rule', () => {
    const single = singleChecker('You calculated this split, so another month-end admin must allocate it.');
    expect(canDecide('maker', { makerId: 'maker', amountCents: 0, approverIds: [] }, single)).toEqual({
      allowed: false,
      reason: 'maker',
      message: 'You calculated this split, so another month-end admin must allocate it.',
    });
    expect(canDecide('other', { makerId: 'maker', amountCents: 900_000_000, approverIds: [] }, single)).toEqual({
      allowed: true,
      approvalsNeeded: 1,
      isFinal: true,
    });
  });

  it.each([
    ['one approval, a small amount', 1, [], 0, { allowed: true, approvalsNeeded: 1, isFinal: true }],
    ['one approval, a large amount', 1, [], 900_000_000, { allowed: true, approvalsNeeded: 1, isFinal: true }],
    ['two approvals, the first, a small amount', 2, [], 100, { allowed: true, approvalsNeeded: 2, isFinal: false }],
    ['two approvals, the first, nothing to pay', 2, [], 0, { allowed: true, approvalsNeeded: 2, isFinal: false }],
    ['two approvals, the second', 2, ['first'], 100, { allowed: true, approvalsNeeded: 2, isFinal: true }],
  ])('a record made to need its approvals: %s', (_case, needed, approverIds, amountCents, verdict) => {
    const record = { makerId: 'maker', amountCents, approverIds };
    expect(canDecide('checker', record, ruleForApprovals(needed))).toEqual(verdict);
  });

  it.each([1, 2])('tells the maker what they made, needing %i approvals', (needed) => {
    const record = { makerId: 'maker', amountCents: 100, approverIds: [] };
    expect(canDecide('maker', record, ruleForApprovals(needed, 'You prepared this.'))).toEqual({
      allowed: false,
      reason: 'maker',
      message: 'You prepared this.',
    });
  });
});
