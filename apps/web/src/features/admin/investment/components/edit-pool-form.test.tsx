import { describe, expect, it } from 'vitest';
import type { PoolView } from '../../../../components/pools/pool-display';
import { drawPage, readText } from '../../../../lib/test-render';
import { EditPoolForm, PLAN_AMOUNT_UNKNOWN } from './edit-pool-form';

const pool: PoolView = {
  id: 'pool-1',
  name: 'Stokvel One',
  description: 'Savings for the members of the cooperative',
  targetAmount: 120000,
  currentAmount: 0,
  totalShares: 100,
  availableShares: 100,
  pricePerShare: 1200,
  maxMembers: 50,
  totalMembers: 0,
  investmentDuration: 12,
  paymentInstallments: [{ frequency: 'monthly', amount: 100 }],
  paymentMethods: ['EFT / bank transfer'],
  status: 'open',
  createdBy: 'Ada Admin',
  createdById: null,
  createdAt: '2026-01-01T08:00:00Z',
  approvedBy: null,
  approvedById: null,
  approvedAt: null,
  updatedAt: '2026-01-01T08:00:00Z',
};

const ignore = () => Promise.resolve();

/** The input of the add-a-plan row's amount, as drawn. */
function planAmountInput(html: string): string {
  const group = html.slice(html.indexOf('aria-label="Add a contribution plan"'));
  const input = /<input[^>]*id="[^"]*"[^>]*>/g;
  const inputs = group.match(input) ?? [];
  const amount = inputs.find((tag) => !tag.includes('type="hidden"') && !tag.includes('<select'));
  expect(amount).toBeDefined();
  return amount!;
}

describe('the edit-pool form’s new plan', () => {
  it('shows the amount the terms give, and it cannot be typed', () => {
    const html = drawPage(<EditPoolForm pool={pool} onSubmit={ignore} onCancel={() => undefined} />);
    // The next frequency not yet listed is per quarter: R 1 200.00 a share over 12 months, four instalments.
    const input = planAmountInput(html);
    expect(input).toContain('value="300.00"');
    expect(input).toMatch(/\breadOnly=""|\breadonly=""/);
    expect(readText(html)).toContain('From the terms: R 300.00 per quarter');
  });

  it('says what is missing while the terms give no amount', () => {
    const html = drawPage(
      <EditPoolForm pool={{ ...pool, investmentDuration: 0 }} onSubmit={ignore} onCancel={() => undefined} />,
    );
    expect(planAmountInput(html)).toContain('value=""');
    expect(readText(html)).toContain(PLAN_AMOUNT_UNKNOWN);
  });
});
