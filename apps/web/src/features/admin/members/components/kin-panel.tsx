import { kinDisplayStatus } from '@letsema/domain';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatAdminDate } from '../../../../lib/formatters';
import type { NextOfKinView } from '@letsema/domain';
import { DocumentTile } from '../../shared/document-tile';
import { StatusChip } from '../../shared/status-chip';
import { getDownloadName } from '../review-rules';
import { CollapsibleAddress, DetailList } from './detail-list';
import { documentGrid } from './document-grid';
import { ReturnedNote } from './returned-note';
import { SectionCard } from './section-card';

/** One next of kin: their details and their three documents. */
export function KinPanel({ kin }: { kin: NextOfKinView }) {
  const nokOrder = kin.nokOrder as 1 | 2;
  const status = kinDisplayStatus(kin.verificationStatus);
  const documents = [
    { label: 'Passport Photo', url: kin.passportPhotoUrl, name: getDownloadName(nokOrder, 'photo') },
    { label: 'ID Document', url: kin.idDocumentUrl, name: getDownloadName(nokOrder, 'idDocument') },
    { label: 'Proof of Address', url: kin.proofOfAddressUrl, name: getDownloadName(nokOrder, 'proofOfAddress') },
  ].filter((document): document is { label: string; url: string; name: string } => Boolean(document.url));

  return (
    <Stack spacing={2.5}>
      {status === 'rejected' && <ReturnedNote reason={kin.rejectionReason} fields={kin.rejectedFields} />}

      <SectionCard title={`Next of Kin #${nokOrder}`} action={<StatusChip status={status} />}>
        <DetailList
          details={[
            { label: 'Full Name', value: kin.fullName },
            { label: 'Relationship', value: kin.relationship },
            { label: 'National ID', value: kin.nationalId },
            { label: 'Date of Birth', value: formatAdminDate(kin.dateOfBirth) },
            { label: 'Phone', value: kin.phoneNumber },
            { label: 'Email', value: kin.email },
          ]}
        >
          <CollapsibleAddress lines={[kin.address]} />
        </DetailList>
      </SectionCard>

      <SectionCard title="Documents">
        {documents.length > 0 ? (
          <Box sx={documentGrid(3)}>
            {documents.map((document) => (
              <DocumentTile
                key={document.label}
                label={document.label}
                url={document.url}
                downloadName={document.name}
              />
            ))}
          </Box>
        ) : (
          <Typography color="text.secondary">No documents uploaded.</Typography>
        )}
      </SectionCard>
    </Stack>
  );
}
