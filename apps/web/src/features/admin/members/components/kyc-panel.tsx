import { identityTypeLabels, type IdentityType } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatAdminDate } from '../../../../lib/formatters';
import { DocumentTile } from '../../shared/document-tile';
import { StatusChip } from '../../shared/status-chip';
import type { MemberForReview } from '../api';
import { getDownloadName, getTargetStatus, isAwaitingReview } from '../review-rules';
import { CollapsibleAddress, DetailList } from './detail-list';
import { documentGrid } from './document-grid';
import { ReturnedNote } from './returned-note';
import { SectionCard } from './section-card';

/** The member's own registration: personal information and the photo against the ID document. */
export function KycPanel({ member }: { member: MemberForReview }) {
  const status = getTargetStatus(member, 'kyc');
  const hasBothDocuments = Boolean(member.profilePictureUrl && member.idDocumentUrl);
  const kinStillOpen = member.nextOfKin.filter((kin) => kin.verificationStatus !== 'approved').length;

  return (
    <Stack spacing={2.5}>
      {status === 'rejected' && <ReturnedNote reason={member.rejectionReason} fields={member.rejectedFields} />}
      {status === 'pending' && !isAwaitingReview(member) && (
        <Alert severity="info">
          This registration is not complete yet. It can be reviewed once the member has submitted everything.
        </Alert>
      )}
      {status === 'pending' && isAwaitingReview(member) && kinStillOpen > 0 && (
        <Alert severity="info">Approve both next of kin before approving the registration.</Alert>
      )}

      <SectionCard title="Personal Information" action={<StatusChip status={status} />}>
        <DetailList
          details={[
            { label: 'Full Name', value: member.fullName },
            { label: 'Email', value: member.email },
            { label: 'Phone', value: member.phoneNumber },
            { label: 'Date of Birth', value: formatAdminDate(member.dateOfBirth) },
            { label: 'Identity Type', value: readIdentityType(member.identityType) },
            { label: 'ID Number', value: member.nationalId },
          ]}
        >
          <CollapsibleAddress lines={[member.address, member.city, member.province]} />
        </DetailList>
      </SectionCard>

      {hasBothDocuments ? (
        <SectionCard
          title="Photo Verification"
          subtitle="Check that the face in the profile photo matches the photo on the ID document."
        >
          <Box sx={documentGrid(2)}>
            <DocumentTile
              label="Profile Photo"
              url={member.profilePictureUrl!}
              downloadName={getDownloadName('kyc', 'photo')}
              height={300}
            />
            <DocumentTile
              label="ID Document"
              url={member.idDocumentUrl!}
              downloadName={getDownloadName('kyc', 'idDocument')}
              height={300}
            />
          </Box>
        </SectionCard>
      ) : (
        <SectionCard title="Documents">
          {member.profilePictureUrl || member.idDocumentUrl ? (
            <Box sx={documentGrid(2)}>
              {member.profilePictureUrl && (
                <DocumentTile
                  label="Profile Photo"
                  url={member.profilePictureUrl}
                  downloadName={getDownloadName('kyc', 'photo')}
                />
              )}
              {member.idDocumentUrl && (
                <DocumentTile
                  label="ID Document"
                  url={member.idDocumentUrl}
                  downloadName={getDownloadName('kyc', 'idDocument')}
                />
              )}
            </Box>
          ) : (
            <Typography color="text.secondary">No documents uploaded.</Typography>
          )}
        </SectionCard>
      )}
    </Stack>
  );
}

function readIdentityType(value: string | null): string | null {
  if (!value) return null;
  return identityTypeLabels[value as IdentityType] ?? value;
}
