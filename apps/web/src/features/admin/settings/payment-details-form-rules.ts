// The payment details form's rules, fetched when the form is first typed in or pressed (see
// lazyResolver), so the settings page shows without zod.
import { zodResolver } from '@hookform/resolvers/zod';
import { paymentDetailsBody, type PaymentDetailsBody, type PaymentDetailsInput } from '@letsema/domain';
import type { Resolver } from 'react-hook-form';

/** The server's own rules and messages. */
export const paymentDetailsResolver: Resolver<PaymentDetailsInput, unknown, PaymentDetailsBody> =
  zodResolver(paymentDetailsBody);
