import type { LoanProduct, LoanSettings } from '@letsema/domain';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../theme';
import { lendingKeys } from './lending-api';
import { LendingSection } from './lending-section';

const settings: LoanSettings = {
  isEnabled: true,
  repoRatePercent: 7.25,
  capMarginPercent: 21,
  maxAnnualRatePercent: 28.25,
  maxPenaltyPercent: 10,
  maxPenaltyFixed: 250,
  dualApprovalAbove: 50_000,
  rulesConfirmedAt: '2025-01-02T08:00:00Z',
  rulesConfirmedBy: { id: 's', fullName: 'Sipho Super' },
  updatedAt: '2025-01-02T08:00:00Z',
  updatedBy: { id: 's', fullName: 'Sipho Super' },
  productsAboveCap: [{ id: 'p1', type: 'business', name: 'Business loan', annualRatePercent: 30 }],
};

const business: LoanProduct = {
  id: 'p1',
  type: 'business',
  typeLabel: 'Business',
  name: 'Business loan',
  description: '',
  annualRatePercent: 30,
  minTermMonths: 6,
  maxTermMonths: 24,
  maxCapitalMultiple: 3,
  graceDays: 7,
  penaltyType: 'percent',
  penaltyTypeLabel: 'Percentage of the overdue instalment',
  penaltyFixed: 0,
  penaltyPercent: 5,
  guarantorAboveCapital: true,
  isActive: true,
  isWithinCap: false,
  createdAt: '2025-01-02T08:00:00Z',
  updatedAt: '2025-01-02T08:00:00Z',
};

function draw() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(lendingKeys.settings(), settings);
  client.setQueryData(lendingKeys.products(), [business]);
  return renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <LendingSection />
      </QueryClientProvider>
    </ThemeProvider>,
  ).replace(/<style[^>]*>.*?<\/style>/gs, '');
}

describe('the lending section', () => {
  it('shows the settings with the legal cap, the confirmation, and one product per loan type', () => {
    const html = draw();
    expect(html).toMatch(/<h2[^>]*>Lending<\/h2>/);
    expect(html).toContain('Lend to members');
    expect(html).toContain('I confirm that the cooperative’s rules allow it to lend to members');
    expect(html).toMatch(/Legal maximum rate: <strong>28\.25% a year<\/strong>/);
    expect(html).toContain('Above the legal maximum rate, nobody can borrow on');
    expect(html).toContain('Above the cap');
    for (const name of [
      'Edit Business loan product',
      'Set up Emergency loan product',
      'Set up Personal loan product',
      'Set up Education loan product',
    ]) {
      expect(html).toContain(`aria-label="${name}"`);
    }
    expect(html).toContain('Save lending settings');
  });
});
