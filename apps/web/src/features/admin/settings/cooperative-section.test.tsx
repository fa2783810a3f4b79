import type { CooperativeDetails, CooperativeSettings } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import { drawPage, readText } from '../../../lib/test-render';
import { cooperativeKeys } from './cooperative-api';
import { CooperativeSection } from './cooperative-section';

const details: CooperativeDetails = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Kgotso Savings Cooperative',
  slug: 'default',
  registrationNumber: null,
  province: null,
  updatedAt: '2026-03-01T08:00:00.000Z',
};
const defaults = {
  expenseDualApprovalAbove: 2000,
  reservePercent: 0,
  exitFeePercent: 0,
  allowReturnWithdrawals: true,
  uploadQuotaMb: 100,
};
const settings: CooperativeSettings = { ...defaults, isSaved: false, updatedAt: null, defaults };

const draw = (saved: CooperativeSettings = settings, about: CooperativeDetails = details) =>
  drawPage(<CooperativeSection />, {
    data: [
      [cooperativeKeys.details(), about],
      [cooperativeKeys.settings(), saved],
    ],
  });
const inputOf = (html: string, name: string) => html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0];

describe("the cooperative's section", () => {
  it("says the installation's defaults apply until saved, each with its default, and that idle limits are not set here", () => {
    const text = readText(draw());
    expect(text).toContain('The installation’s defaults apply until these are saved.');
    expect(text).toContain('Default R 2 000.00.');
    expect(text).toContain('Not saved yet.');
    expect(text).toContain('How long a signed-in session may stay idle is set for the whole installation');
  });

  it('shows the saved values, the slug read-only, and a blank province until one is chosen', () => {
    const html = draw(
      {
        ...settings,
        expenseDualApprovalAbove: 1500.5,
        reservePercent: 2.5,
        isSaved: true,
        updatedAt: details.updatedAt,
      },
      details,
    );
    expect(inputOf(html, 'expenseDualApprovalAbove')).toContain('value="1500.50"');
    expect(inputOf(html, 'reservePercent')).toContain('value="2.5"');
    expect(inputOf(html, 'name')).toContain('value="Kgotso Savings Cooperative"');
    expect(inputOf(html, 'slug')).toBeUndefined();
    expect(readText(html)).toContain('Short name in links');
    expect(readText(html)).not.toContain('The installation’s defaults apply');
    expect(html).toMatch(/<option value="" disabled="" selected="">Choose the province<\/option>/);
  });
});
