import type { RegistrationDetail, RegistrationView, RejectKinBody, RejectKycBody } from '@letsema/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminKeys } from '../shared/query-keys';

/** A member as the admin review calls answer them: the user and when the registration was sent for review. */
export type ReviewedMember = RegistrationView;

export type MemberForReview = RegistrationDetail;

/** Who a decision is about: the member's own registration, or next of kin #1 or #2. */
export type ReviewTarget = 'kyc' | 1 | 2;

export type ReviewDecision =
  | { target: ReviewTarget; action: 'approve' }
  | { target: 'kyc'; action: 'reject'; body: RejectKycBody }
  | { target: 1 | 2; action: 'reject'; body: RejectKinBody };

export const PENDING_PAGE_SIZE = 20;

export const memberKeys = {
  all: [...adminKeys.all, 'members'] as const,
  pending: () => [...memberKeys.all, 'pending'] as const,
  detail: (userId: string) => [...memberKeys.all, 'detail', userId] as const,
};

export async function fetchPendingRegistrations(
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<ReviewedMember[]> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  const rows = await apiClient.get<ReviewedMember[]>(`/api/admin/pending-kyc?${query}`, signal);
  return rows.map(normaliseMember);
}

export async function fetchMemberForReview(userId: string, signal?: AbortSignal): Promise<MemberForReview> {
  const member = await apiClient.get<MemberForReview>(`/api/admin/users/${encodeURIComponent(userId)}`, signal);
  return {
    ...normaliseMember(member),
    nextOfKin: (member.nextOfKin ?? [])
      .map((kin) => ({ ...kin, rejectedFields: readList(kin.rejectedFields) }))
      .sort((a, b) => a.nokOrder - b.nokOrder),
  };
}

export function approveKyc(userId: string): Promise<unknown> {
  return apiClient.post(`/api/admin/users/${encodeURIComponent(userId)}/approve-kyc`);
}

export function rejectKyc(userId: string, body: RejectKycBody): Promise<unknown> {
  return apiClient.post(`/api/admin/users/${encodeURIComponent(userId)}/reject-kyc`, body);
}

export function approveKin(userId: string, nokOrder: 1 | 2): Promise<unknown> {
  return apiClient.post(`/api/admin/users/${encodeURIComponent(userId)}/nok/${nokOrder}/approve`);
}

export function rejectKin(userId: string, nokOrder: 1 | 2, body: RejectKinBody): Promise<unknown> {
  return apiClient.post(`/api/admin/users/${encodeURIComponent(userId)}/nok/${nokOrder}/reject`, body);
}

/** Sends one decision to the API. */
export function sendReviewDecision(userId: string, decision: ReviewDecision): Promise<unknown> {
  if (decision.action === 'approve') {
    return decision.target === 'kyc' ? approveKyc(userId) : approveKin(userId, decision.target);
  }
  return decision.target === 'kyc'
    ? rejectKyc(userId, decision.body)
    : rejectKin(userId, decision.target, decision.body);
}

/** The review queue, oldest submission first, a page at a time. */
export function usePendingRegistrations() {
  return useInfiniteQuery({
    queryKey: memberKeys.pending(),
    queryFn: ({ pageParam, signal }) => fetchPendingRegistrations(pageParam, PENDING_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => (lastPage.length === PENDING_PAGE_SIZE ? pages.length + 1 : undefined),
  });
}

export function useMemberForReview(userId: string) {
  return useQuery({
    queryKey: memberKeys.detail(userId),
    queryFn: ({ signal }) => fetchMemberForReview(userId, signal),
  });
}

/**
 * Approves or rejects part of a registration. Whatever the answer, the member, the queue and the
 * dashboard counts are loaded again: a refusal (409) usually means someone else decided first.
 */
export function useReviewDecision(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ReviewDecision) => sendReviewDecision(userId, decision),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.pendingCounts() }),
      ]),
  });
}

function normaliseMember<T extends ReviewedMember>(member: T): T {
  return { ...member, rejectedFields: readList(member.rejectedFields) };
}

/** JSON list fields arrive as arrays; a JSON string is accepted too. */
export function readList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  if (typeof value !== 'string' || !value.trim()) return [];
  try {
    return readList(JSON.parse(value));
  } catch {
    return [];
  }
}
