import type { LoanProduct, LoanSettings } from '@letsema/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminKeys } from '../shared/query-keys';
import type { ProductRequest, SettingsRequest } from './lending-rules';

export const lendingKeys = {
  settings: () => [...adminKeys.all, 'loan-settings'] as const,
  products: () => [...adminKeys.all, 'loan-products'] as const,
};

export function useLoanSettings(isEnabled = true) {
  return useQuery({
    queryKey: lendingKeys.settings(),
    queryFn: ({ signal }) => apiClient.get<LoanSettings>('/api/admin/loan-settings', signal),
    enabled: isEnabled,
  });
}

export function useLoanProducts(isEnabled = true) {
  return useQuery({
    queryKey: lendingKeys.products(),
    queryFn: ({ signal }) => apiClient.get<LoanProduct[]>('/api/admin/loan-products', signal),
    enabled: isEnabled,
  });
}

/** Saves the lending settings; a product's standing against the new caps may change with them. */
export function useSaveLoanSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsRequest) => apiClient.put<LoanSettings>('/api/admin/loan-settings', body),
    onSuccess: (saved) => queryClient.setQueryData(lendingKeys.settings(), saved),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: lendingKeys.settings() }),
        queryClient.invalidateQueries({ queryKey: lendingKeys.products() }),
      ]),
  });
}

/** Adds a product (no id) or changes one (its type stays). */
export function useSaveLoanProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ProductRequest }) => {
      if (id === null) return apiClient.post<LoanProduct>('/api/admin/loan-products', body);
      const { type: _type, ...terms } = body;
      return apiClient.put<LoanProduct>(`/api/admin/loan-products/${encodeURIComponent(id)}`, terms);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: lendingKeys.products() }),
        queryClient.invalidateQueries({ queryKey: lendingKeys.settings() }),
      ]),
  });
}
