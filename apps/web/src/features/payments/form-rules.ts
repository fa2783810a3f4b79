// The payment form's rules, fetched when the form is first typed in or pressed (see lazyResolver), so
// the payments page shows without zod.
import { zodResolver } from '@hookform/resolvers/zod';
import { createPaymentBody } from '@letsema/domain';

/** The payment form's rules: the server's own, for the fields the member fills in. */
export const paymentFormSchema = createPaymentBody.pick({ amount: true, paymentMethod: true, proofOfPaymentUrl: true });
export const paymentResolver = zodResolver(paymentFormSchema);
