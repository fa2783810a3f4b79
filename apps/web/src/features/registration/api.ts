import type { CompleteProfileBody, NextOfKinBody, UploadAnswer, UploadKind } from '@letsema/domain';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient, fetchFile, uploadWithProgress } from '../../lib/api-client';
import { currentUserKey, type CurrentUser } from '../../lib/current-user';
import type { NextOfKinView } from '@letsema/domain';
import { shrinkPhoto } from '../../lib/shrink-photo';

/** The signed-in member, as the registration guard hands it down. */
export type Registrant = CurrentUser;

export type MemberDocumentKind = Extract<UploadKind, 'profile-picture' | 'id-document'>;
export type KinDocumentKind = Extract<UploadKind, 'nok-passport-photo' | 'nok-id-document' | 'nok-proof-of-address'>;

export type { UploadAnswer };

export const registrationKeys = {
  all: ['registration'] as const,
  nextOfKin: () => [...registrationKeys.all, 'next-of-kin'] as const,
  file: (url: string) => [...registrationKeys.all, 'file', url] as const,
};

export function fetchNextOfKin(signal?: AbortSignal): Promise<NextOfKinView[]> {
  return apiClient.get<NextOfKinView[]>('/api/auth/next-of-kin', signal);
}

export function postCompleteProfile(body: CompleteProfileBody): Promise<Registrant> {
  // Empty optional fields go as absent: the schema turns them into null, which it does not accept back.
  return apiClient.post<Registrant>('/api/auth/complete-profile', {
    ...body,
    city: body.city ?? undefined,
    province: body.province ?? undefined,
  });
}

export function postNextOfKin(body: NextOfKinBody): Promise<NextOfKinView> {
  return apiClient.post<NextOfKinView>('/api/auth/next-of-kin', { ...body, email: body.email ?? undefined });
}

/**
 * Uploads one registration file (`file` field), a photo shrunk first on the phone, reporting
 * progress; answers its `/api/files/` URL.
 */
export async function uploadRegistrationFile(
  kind: UploadKind,
  file: File,
  options: { nokOrder?: number; onProgress?: (fraction: number) => void } = {},
): Promise<UploadAnswer> {
  const form = new FormData();
  if (options.nokOrder !== undefined) form.append('nokOrder', String(options.nokOrder));
  form.append('file', await shrinkPhoto(file));
  return uploadWithProgress<UploadAnswer>(
    `/api/uploads/${kind}`,
    form,
    options.onProgress ? { onProgress: options.onProgress } : {},
  );
}

/** Reloads what the wizard's step is worked out from: the member (the session guard's query) and their next of kin. */
function refreshRegistration(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: currentUserKey }),
    queryClient.invalidateQueries({ queryKey: registrationKeys.nextOfKin() }),
  ]);
}

export function useNextOfKin() {
  return useQuery({
    queryKey: registrationKeys.nextOfKin(),
    queryFn: ({ signal }) => fetchNextOfKin(signal),
  });
}

/** Saves the profile (step 1); stays pending until the wizard has the saved data. */
export function useCompleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postCompleteProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserKey, user);
      return refreshRegistration(queryClient);
    },
  });
}

interface UploadVariables {
  file: File;
  onProgress?: (fraction: number) => void;
}

/** Uploads the member's photo or ID document (steps 2 and 3); the server records it on the registration. */
export function useUploadMemberDocument(kind: MemberDocumentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: UploadVariables) =>
      uploadRegistrationFile(kind, file, onProgress ? { onProgress } : {}),
    onSuccess: () => refreshRegistration(queryClient),
  });
}

/** Uploads one next-of-kin document; it becomes part of the kin when the kin form is saved. */
export function useUploadKinDocument(kind: KinDocumentKind, nokOrder: number) {
  return useMutation({
    mutationFn: ({ file, onProgress }: UploadVariables) =>
      uploadRegistrationFile(kind, file, onProgress ? { nokOrder, onProgress } : { nokOrder }),
  });
}

/** Adds next of kin #n (steps 4 and 5), or updates it when an admin returned it. */
export function useSaveNextOfKin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postNextOfKin,
    onSuccess: () => refreshRegistration(queryClient),
  });
}

/** Asks the server again whether the review is done; an approved member then leaves the wizard. */
export function useCheckRegistrationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await queryClient.invalidateQueries({ queryKey: currentUserKey }, { throwOnError: true });
      return new Date();
    },
  });
}

/** A stored file (a kept document of a returned next of kin), fetched with the bearer token. */
export function useStoredFile(url: string | null) {
  return useQuery({
    queryKey: registrationKeys.file(url ?? ''),
    queryFn: ({ signal }) => fetchFile(url!, signal),
    enabled: Boolean(url),
    // Files live under random keys and never change.
    staleTime: Infinity,
  });
}
