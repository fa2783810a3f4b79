import type { PaymentDetails } from '@letsema/domain';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { paymentDetailsKey } from '../../../lib/payment-details';
import { theme } from '../../../theme';
import { PaymentDetailsSection } from './payment-details-section';

const saved: PaymentDetails = {
  bankName: 'Capitec Bank',
  accountHolder: 'Kgotso Savings Cooperative',
  accountNumber: '1234567890',
  branchCode: '470010',
  registrationNumber: '2019/123456/24',
  updatedAt: '2026-03-01T08:00:00.000Z',
};

function draw(details: PaymentDetails | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(paymentDetailsKey, details);
  return renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <PaymentDetailsSection />
      </QueryClientProvider>
    </ThemeProvider>,
  ).replace(/<style[^>]*>.*?<\/style>/gs, '');
}

const valueOf = (html: string, name: string) => html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0];

describe('the payment details section', () => {
  it('shows the saved account in its fields', () => {
    const html = draw(saved);
    expect(valueOf(html, 'bankName')).toContain('value="Capitec Bank"');
    expect(valueOf(html, 'accountHolder')).toContain('value="Kgotso Savings Cooperative"');
    expect(valueOf(html, 'accountNumber')).toContain('value="1234567890"');
    expect(valueOf(html, 'branchCode')).toContain('value="470010"');
  });

  it('asks for no registration number: the cooperative keeps its one in its details', () => {
    for (const html of [draw(saved), draw(null)]) {
      expect(valueOf(html, 'registrationNumber')).toBeUndefined();
      expect(html).not.toContain('Registration number');
    }
  });
});
