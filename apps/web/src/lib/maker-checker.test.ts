import { makerCheckerMessages } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import { getDecisionRight } from './maker-checker';

describe('getDecisionRight', () => {
  const rule = { dualApprovalAboveCents: 200_000 };
  it('tells the maker why they cannot decide, with the server message', () => {
    expect(getDecisionRight({ id: 'm' }, { makerId: 'm', amountCents: 1, approverIds: [] }, rule)).toEqual({
      mayDecide: false,
      reason: makerCheckerMessages.maker,
    });
  });
  it('lets a checker decide', () => {
    expect(getDecisionRight({ id: 'c' }, { makerId: 'm', amountCents: 1, approverIds: [] }, rule)).toEqual({
      mayDecide: true,
      isFinal: true,
    });
  });
});
