import { describeAuditAction, type AuditEntryView } from '@letsema/domain';
import Download from '@mui/icons-material/Download';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../components/empty-state';
import { ListLoading, ListPages } from '../../../components/list-parts';
import { FilterForm } from '../../../components/filter-form';
import { PageHeader } from '../../../components/page-header';
import { RetryAlert } from '../../../components/retry-alert';
import { useListFilters } from '../../../components/use-list-filters';
import { getErrorMessage } from '../../../lib/api-client';
import { formatAdminDateTime } from '../../../lib/formatters';
import { AUDIT_PAGE_SIZE, emptyAuditFilters, useAuditExport, useAuditPage } from './api';

const OUTCOME_COLOURS = { success: 'success', failure: 'error', refused: 'warning' } as const;

/** The audit trail for auditors: who did what, when, from where, with the record before and after. */
export function AuditPage() {
  const { filters, page, setPage, field, apply, clear } = useListFilters(emptyAuditFilters);
  const audit = useAuditPage(filters, page);
  const exportCsv = useAuditExport();
  const pagination = audit.data?.pagination;

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
      <PageHeader
        title="Audit Log"
        subtitle="Every decision and security event: who did it, when, from where, and what changed."
        actions={
          <Button
            variant="outlined"
            startIcon={exportCsv.isPending ? <CircularProgress size={18} color="inherit" /> : <Download />}
            disabled={exportCsv.isPending}
            onClick={() => exportCsv.mutate(filters)}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {exportCsv.isPending ? 'Preparing…' : 'Download CSV'}
          </Button>
        }
      />
      {exportCsv.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {getErrorMessage(exportCsv.error, 'The CSV could not be prepared')}
        </Alert>
      )}

      <FilterForm label="Filter the audit log" columns={5} onApply={apply} onClear={clear}>
        <TextField label="Actor (e-mail)" {...field('actor')} slotProps={{ htmlInput: { maxLength: 254 } }} />
        <TextField label="Subject (id)" {...field('subject')} slotProps={{ htmlInput: { maxLength: 200 } }} />
        <TextField
          label="Action"
          placeholder="auth.sign_in"
          {...field('action')}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField label="From" type="date" {...field('from')} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField label="To" type="date" {...field('to')} slotProps={{ inputLabel: { shrink: true } }} />
      </FilterForm>

      {audit.isError && (
        <RetryAlert onRetry={() => void audit.refetch()}>
          {getErrorMessage(audit.error, 'Failed to load the audit log')}
        </RetryAlert>
      )}
      {audit.isPending && <ListLoading label="Loading the audit log" rowHeight={64} />}
      {audit.data && audit.data.entries.length === 0 && (
        <Paper>
          <EmptyState
            icon={<ManageSearchOutlined />}
            title="No entries match"
            text="Change or clear the filters to see more of the log."
          />
        </Paper>
      )}
      {audit.data && audit.data.entries.length > 0 && (
        <>
          <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
            {pagination!.total} {pagination!.total === 1 ? 'entry' : 'entries'}
          </Typography>
          <Stack component="ul" aria-label="Audit entries" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {audit.data.entries.map((entry) => (
              <li key={entry.id}>
                <AuditRow entry={entry} />
              </li>
            ))}
          </Stack>
          <ListPages
            count={pagination!.totalPages}
            page={page}
            onChange={setPage}
            label={`Audit pages, ${AUDIT_PAGE_SIZE} entries a page`}
          />
        </>
      )}
    </Box>
  );
}

function AuditRow({ entry }: { entry: AuditEntryView }) {
  const who = entry.actor ? (entry.actor.fullName ?? entry.actor.email) : 'Nobody signed in';
  const label = describeAuditAction(entry.action);
  return (
    <Accordion
      disableGutters
      slotProps={{ heading: { component: 'h2' } }}
      sx={{ borderRadius: 2, '&::before': { display: 'none' } }}
    >
      <AccordionSummary expandIcon={<ExpandMore />} sx={{ '& .MuiAccordionSummary-content': { minWidth: 0 } }}>
        <Box sx={{ minWidth: 0, display: 'grid', gap: 0.25 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
            {label !== entry.action && (
              <Typography
                component="code"
                variant="body2"
                color="text.secondary"
                sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}
              >
                {entry.action}
              </Typography>
            )}
            {entry.outcome && (
              <Chip
                size="small"
                label={entry.outcome}
                color={OUTCOME_COLOURS[entry.outcome as keyof typeof OUTCOME_COLOURS] ?? 'default'}
                variant="outlined"
              />
            )}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {formatAdminDateTime(entry.at)} · {who} · {entry.targetType} {entry.targetId}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
          From {entry.ip ?? 'an unknown address'}
          {entry.userAgent ? ` · ${entry.userAgent}` : ''}
          {entry.actor ? ` · ${entry.actor.email}` : ''}
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Snapshot title="Before" value={entry.before} />
          <Snapshot title="After" value={entry.after} />
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}

function Snapshot({ title, value }: { title: string; value: unknown }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      <Box
        component="pre"
        tabIndex={0}
        aria-label={title}
        sx={{
          m: 0,
          p: 1.5,
          bgcolor: 'background.default',
          borderRadius: 1.5,
          fontSize: '0.8125rem',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </Box>
    </Box>
  );
}
