import type { PaymentDetails, PaymentDetailsBody } from '@letsema/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from './api-client';

/** The cooperative's bank account: the members' payment screen and the super admin's settings read it. */
export const paymentDetailsKey = ['payment-details'] as const;

export function usePaymentDetails() {
  return useQuery({
    queryKey: paymentDetailsKey,
    queryFn: ({ signal }) => apiClient.get<PaymentDetails | null>('/api/payment-details', signal),
  });
}

/** Saves the bank account (the super admin only; the server says so to anyone else). */
export function useSavePaymentDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentDetailsBody) => apiClient.put<PaymentDetails>('/api/admin/payment-details', body),
    onSuccess: (saved) => queryClient.setQueryData(paymentDetailsKey, saved),
  });
}
