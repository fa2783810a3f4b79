import {
  acceptAttribute,
  kycMessages,
  todayInJohannesburg,
  type NextOfKinFieldsInput,
  type NextOfKinFieldsOutput,
} from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../components/form-text-field';
import { SubmitButton } from '../../components/submit-button';
import { ApiError, getErrorMessage } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import type { NextOfKinView } from '@letsema/domain';
import { useSaveNextOfKin, useUploadKinDocument, type KinDocumentKind } from './api';
import { DocumentPicker, type DocumentPickerStatus } from './document-picker';
import { checkUploadSize, kinUploadFailures, registrationFailures } from './registration-rules';
import { StepFrame } from './step-frame';

type KinDocumentField = 'passportPhotoUrl' | 'idDocumentUrl' | 'proofOfAddressUrl';

interface KinDocumentSpec {
  field: KinDocumentField;
  kind: KinDocumentKind;
  title: string;
  inputLabel: string;
  hint: string;
  accept: string;
  missing: string;
  fallback: string;
}

const documentSpecs = {
  passportPhotoUrl: {
    field: 'passportPhotoUrl',
    kind: 'nok-passport-photo',
    title: 'Passport photo',
    inputLabel: 'NOK passport photo file',
    hint: 'A clear photo of their face: JPEG, PNG or WebP, up to 10 MB',
    accept: acceptAttribute.photo,
    missing: kycMessages.kinPhoto,
    fallback: kinUploadFailures.passportPhotoUrl,
  },
  idDocumentUrl: {
    field: 'idDocumentUrl',
    kind: 'nok-id-document',
    title: 'ID document',
    inputLabel: 'NOK ID document file',
    hint: 'A photo, scan or PDF of their identity document, up to 10 MB',
    accept: acceptAttribute.document,
    missing: kycMessages.kinIdDocument,
    fallback: kinUploadFailures.idDocumentUrl,
  },
  proofOfAddressUrl: {
    field: 'proofOfAddressUrl',
    kind: 'nok-proof-of-address',
    title: 'Proof of address',
    inputLabel: 'NOK proof of address file',
    hint: 'A utility bill or bank statement from the last three months, up to 10 MB',
    accept: acceptAttribute.document,
    missing: kycMessages.kinProofOfAddress,
    fallback: kinUploadFailures.proofOfAddressUrl,
  },
} as const satisfies Record<KinDocumentField, KinDocumentSpec>;

const kinFieldNames = [
  'fullName',
  'relationship',
  'phoneNumber',
  'email',
  'nationalId',
  'dateOfBirth',
  'address',
] as const satisfies readonly (keyof NextOfKinFieldsInput)[];

/** One of the kin's three documents: uploaded as soon as it is picked, or kept from a returned kin. */
function useKinDocument(spec: KinDocumentSpec, nokOrder: number, keptUrl: string | null) {
  const upload = useUploadKinDocument(spec.kind, nokOrder);
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState<string | null>(keptUrl);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const pick = (picked: File) => {
    const refusal = checkUploadSize(picked);
    if (refusal) return setError(refusal);
    setError(null);
    const before = { file, url };
    setFile(picked);
    setUrl(null);
    setProgress(0);
    upload.mutate(
      { file: picked, onProgress: setProgress },
      {
        onSuccess: (answer) => setUrl(answer.url),
        onError: (failure) => {
          // The refused file goes; the document uploaded before it stays (it used to be lost, and
          // the step then asked for a document the member had already given).
          setFile(before.file);
          setUrl(before.url);
          setError(getErrorMessage(failure, spec.fallback));
        },
      },
    );
  };

  let status: DocumentPickerStatus = 'empty';
  if (upload.isPending) status = 'uploading';
  else if (url) status = file ? 'uploaded' : 'kept';
  else if (file) status = 'picked';

  return { spec, file, url, progress, error, setError, status, isUploading: upload.isPending, pick };
}

function readDefaults(kin: NextOfKinView | undefined): NextOfKinFieldsInput {
  return {
    fullName: kin?.fullName ?? '',
    relationship: kin?.relationship ?? '',
    phoneNumber: kin?.phoneNumber ?? '',
    email: kin?.email ?? '',
    nationalId: kin?.nationalId ?? '',
    dateOfBirth: kin?.dateOfBirth ?? '',
    address: kin?.address ?? '',
  };
}

const rules = lazyResolver(() => import('./form-rules').then((module) => module.nextOfKinResolver));

const twoColumns = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/**
 * Steps 4 and 5: next of kin #n with their three documents. A kin an admin returned opens with what
 * was saved; documents the admin cleared have to be picked again, the others are kept.
 */
export function NextOfKinStep({
  nokOrder,
  existing,
  isFinal,
}: {
  nokOrder: 1 | 2;
  existing: NextOfKinView | undefined;
  /** Saving this kin completes the registration, so the button says it is submitted. */
  isFinal: boolean;
}) {
  const save = useSaveNextOfKin();
  const [message, setMessage] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<NextOfKinFieldsInput, unknown, NextOfKinFieldsOutput>({
    resolver: rules.resolver,
    defaultValues: readDefaults(existing),
  });
  const documents = [
    useKinDocument(documentSpecs.passportPhotoUrl, nokOrder, existing?.passportPhotoUrl ?? null),
    useKinDocument(documentSpecs.idDocumentUrl, nokOrder, existing?.idDocumentUrl ?? null),
    useKinDocument(documentSpecs.proofOfAddressUrl, nokOrder, existing?.proofOfAddressUrl ?? null),
  ] as const;
  const [photo, idDocument, proofOfAddress] = documents;
  const isUploading = documents.some((d) => d.isUploading);
  const returnedFields = existing?.verificationStatus === 'rejected' ? existing.rejectedFields : [];
  const isBusy = save.isPending || isUploading;

  /** Marks every document still missing; answers the first one's message, or null when all are in. */
  const checkDocuments = (): string | null => {
    const missing = documents.filter((d) => !d.url);
    for (const d of missing) d.setError(d.spec.missing);
    return missing[0]?.spec.missing ?? null;
  };

  const saveKin = (values: NextOfKinFieldsOutput) => {
    const missing = checkDocuments();
    if (missing || !photo.url || !idDocument.url || !proofOfAddress.url) return;
    save.mutate(
      {
        ...values,
        nokOrder,
        passportPhotoUrl: photo.url,
        idDocumentUrl: idDocument.url,
        proofOfAddressUrl: proofOfAddress.url,
      },
      {
        onError: (error) => {
          applyServerFieldErrors(error, setError, kinFieldNames);
          if (error instanceof ApiError) {
            for (const d of documents) {
              const detail = error.details[d.spec.field];
              if (detail) d.setError(detail);
            }
          }
          setMessage(getErrorMessage(error, registrationFailures.nextOfKin));
        },
      },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // The documents are checked along with the fields, so every problem shows at once.
    setMessage(checkDocuments());
    void handleSubmit(saveKin)(event);
  };

  const ordinal = nokOrder === 1 ? 'First' : 'Second';
  return (
    <StepFrame
      title={`${ordinal} Next of Kin`}
      description={
        nokOrder === 1
          ? 'Someone close to you whom the cooperative may contact if it cannot reach you. They must be at least 18.'
          : 'A second person, other than your first next of kin, whom the cooperative may contact. They must be at least 18.'
      }
    >
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        onInput={rules.preload}
        onPointerDown={rules.preload}
        spacing={2.5}
      >
        {message && <Alert severity="error">{message}</Alert>}
        <Typography variant="h6" component="h3">
          Their details
        </Typography>
        <Box sx={twoColumns}>
          <FormTextField control={control} name="fullName" label="Full name" disabled={save.isPending} />
          <FormTextField
            control={control}
            name="relationship"
            label="Relationship"
            placeholder="e.g. Sister, Spouse, Father"
            disabled={save.isPending}
          />
          <FormTextField
            control={control}
            name="phoneNumber"
            label="Phone number"
            type="tel"
            placeholder="082 123 4567"
            disabled={save.isPending}
            slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 20 } }}
          />
          <FormTextField
            control={control}
            name="email"
            label="Email (optional)"
            type="email"
            disabled={save.isPending}
          />
          <FormTextField
            control={control}
            name="nationalId"
            label="ID or passport number"
            disabled={save.isPending}
            slotProps={{ htmlInput: { maxLength: 30 } }}
          />
          <FormTextField
            control={control}
            name="dateOfBirth"
            label="Date of birth"
            type="date"
            disabled={save.isPending}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayInJohannesburg() } }}
          />
        </Box>
        <FormTextField control={control} name="address" label="Residential address" disabled={save.isPending} />

        <Box sx={{ pt: 1 }}>
          <Typography variant="h6" component="h3">
            Their documents
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Each document is uploaded as soon as you pick it.
          </Typography>
        </Box>
        {documents.map((d) => (
          <DocumentPicker
            key={d.spec.field}
            title={d.spec.title}
            hint={d.spec.hint}
            inputLabel={d.spec.inputLabel}
            accept={d.spec.accept}
            capture="environment"
            file={d.file}
            storedUrl={d.url}
            status={d.status}
            progress={d.progress}
            error={d.error}
            notice={returnedFields.includes(d.spec.field) ? 'Returned by the reviewer: please upload a new one' : null}
            disabled={save.isPending}
            onPick={(file) => {
              setMessage(null);
              d.pick(file);
            }}
          />
        ))}

        <SubmitButton
          label={isFinal ? 'Submit for Review' : 'Save and Continue'}
          pendingLabel={save.isPending ? 'Saving…' : 'Uploading documents…'}
          isPending={isBusy}
        />
      </Stack>
    </StepFrame>
  );
}
