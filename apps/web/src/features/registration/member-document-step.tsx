import { acceptAttribute, identityTypeLabels, uploadRules, type IdentityType } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { SubmitButton } from '../../components/submit-button';
import { getErrorMessage } from '../../lib/api-client';
import { useUploadMemberDocument, type MemberDocumentKind } from './api';
import { DocumentPicker, type DocumentPickerStatus } from './document-picker';
import { checkUploadSize, registrationFailures } from './registration-rules';
import { StepFrame } from './step-frame';

const copy = {
  'profile-picture': {
    title: 'Upload Photo',
    pickerTitle: 'Your photo',
    hint: 'A JPEG, PNG or WebP photo, up to 10 MB',
    inputLabel: 'Photo file',
    accept: acceptAttribute.photo,
    capture: 'user',
    missing: uploadRules['profile-picture'].missingMessage,
    fallback: registrationFailures.photo,
    button: 'Upload Photo',
  },
  'id-document': {
    title: 'Upload ID Document',
    pickerTitle: 'Your ID document',
    hint: 'A photo or scan (JPEG, PNG or WebP) or a PDF, up to 10 MB',
    inputLabel: 'ID document file',
    accept: acceptAttribute.document,
    capture: 'environment',
    missing: uploadRules['id-document'].missingMessage,
    fallback: registrationFailures.idDocument,
    button: 'Upload ID Document',
  },
} as const;

function describeStep(kind: MemberDocumentKind, identityType: string | null): string {
  if (kind === 'profile-picture') {
    return 'A clear, recent photo of your face, like a passport photo: face the camera in good light, without sunglasses or a hat.';
  }
  const document = identityTypeLabels[identityType as IdentityType] ?? 'identity document';
  return `A clear photo or scan of your ${document}, with your name, photo and number easy to read.`;
}

/** Steps 2 and 3: pick the member's photo or ID document, see it, and upload it with progress. */
export function MemberDocumentStep({ kind, identityType }: { kind: MemberDocumentKind; identityType: string | null }) {
  const text = copy[kind];
  const upload = useUploadMemberDocument(kind);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [message, setMessage] = useState<string | null>(null);

  const pick = (picked: File) => {
    upload.reset();
    const refusal = checkUploadSize(picked);
    setMessage(refusal);
    setFile(refusal ? null : picked);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setMessage(text.missing);
    setMessage(null);
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      { onError: (error) => setMessage(getErrorMessage(error, text.fallback)) },
    );
  };

  let status: DocumentPickerStatus = file ? 'picked' : 'empty';
  if (upload.isPending) status = 'uploading';
  else if (upload.isSuccess) status = 'uploaded';

  return (
    <StepFrame title={text.title} description={describeStep(kind, identityType)}>
      <Stack component="form" noValidate onSubmit={submit} spacing={3}>
        {message && <Alert severity="error">{message}</Alert>}
        <DocumentPicker
          title={text.pickerTitle}
          hint={text.hint}
          inputLabel={text.inputLabel}
          accept={text.accept}
          capture={text.capture}
          file={file}
          status={status}
          progress={progress}
          disabled={upload.isPending}
          size="large"
          onPick={pick}
        />
        <SubmitButton label={text.button} pendingLabel="Uploading…" isPending={upload.isPending} />
      </Stack>
    </StepFrame>
  );
}
