import { makerCheckerMessages } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { assertCanDecide } from './maker-checker.js';

describe('assertCanDecide', () => {
  const rule = { dualApprovalAboveCents: 200_000 };
  it('refuses the maker with 403 MAKER_CHECKER and the message', () => {
    let error: unknown;
    try {
      assertCanDecide('maker', { makerId: 'maker', amountCents: 100, approverIds: [] }, rule);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'MAKER_CHECKER', statusCode: 403, message: makerCheckerMessages.maker });
  });

  it('lets another admin decide, saying whether a second approval is still needed', () => {
    expect(assertCanDecide('a', { makerId: 'maker', amountCents: 300_000, approverIds: [] }, rule)).toEqual({
      isFinal: false,
      approvalsNeeded: 2,
    });
    expect(assertCanDecide('b', { makerId: 'maker', amountCents: 300_000, approverIds: ['a'] }, rule)).toEqual({
      isFinal: true,
      approvalsNeeded: 2,
    });
  });
});
