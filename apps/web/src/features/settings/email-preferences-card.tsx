import type { EmailPreferences } from '@letsema/domain';
import MailOutline from '@mui/icons-material/MailOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { getErrorMessage } from '../../lib/api-client';
import { useEmailPreferences, useSaveEmailPreferences } from './api';
import { SettingsCard } from './settings-card';
import { useSuccessMessage } from '../../lib/use-success-message';
import { RetryAlert } from '../../components/retry-alert';

const CATEGORIES: readonly { key: keyof EmailPreferences; label: string; description: string }[] = [
  {
    key: 'registration',
    label: 'Registration updates',
    description: 'Decisions on your registration, identity documents and next of kin.',
  },
  { key: 'pool', label: 'Pool updates', description: 'Your pool membership requests and the pools you belong to.' },
  { key: 'payment', label: 'Payment updates', description: 'Payments you submit and whether they are approved.' },
  { key: 'profit', label: 'Profit updates', description: 'Profits paid out to you.' },
];

/** Which kinds of notification also come by e-mail; each switch is saved as soon as it is flipped. */
export function EmailPreferencesCard({ email }: { email: string }) {
  const preferences = useEmailPreferences();
  const save = useSaveEmailPreferences();
  const saved = useSuccessMessage();
  // While a change is on its way the switches show it; if it fails they fall back to what is stored.
  const shown = save.isPending ? save.variables : preferences.data;

  const change = (key: keyof EmailPreferences, isOn: boolean) => {
    if (!shown) return;
    saved.clear();
    save.mutate({ ...shown, [key]: isOn }, { onSuccess: () => saved.show('Your e-mail preferences have been saved.') });
  };

  return (
    <SettingsCard
      icon={<MailOutline />}
      title="E-mail notifications"
      description={
        <>
          Choose which updates are also sent to <strong>{email}</strong>. You always see every update in the app.
        </>
      }
    >
      {preferences.isError && (
        <RetryAlert onRetry={() => void preferences.refetch()}>
          {getErrorMessage(preferences.error, 'Failed to load e-mail preferences')}
        </RetryAlert>
      )}
      {save.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {getErrorMessage(save.error, 'Failed to save e-mail preferences')}
        </Alert>
      )}
      {saved.message && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {saved.message}
        </Alert>
      )}
      {preferences.isPending && <PreferencesSkeleton />}
      {shown && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {CATEGORIES.map((category) => (
            <PreferenceRow
              key={category.key}
              label={category.label}
              description={category.description}
              isOn={shown[category.key]}
              isSaving={save.isPending && save.variables?.[category.key] !== preferences.data?.[category.key]}
              isDisabled={save.isPending}
              onChange={(isOn) => change(category.key, isOn)}
            />
          ))}
        </Box>
      )}
    </SettingsCard>
  );
}

function PreferenceRow({
  label,
  description,
  isOn,
  isSaving,
  isDisabled,
  onChange,
}: {
  label: string;
  description: string;
  isOn: boolean;
  isSaving: boolean;
  isDisabled: boolean;
  onChange: (isOn: boolean) => void;
}) {
  const inputId = useId();
  const descriptionId = useId();
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography component="label" htmlFor={inputId} sx={{ fontWeight: 600, cursor: 'pointer' }}>
          {label}
        </Typography>
        <Typography id={descriptionId} variant="body2" color="text.secondary">
          {description}
        </Typography>
      </Box>
      {isSaving && <CircularProgress size={18} aria-label={`Saving ${label.toLowerCase()}`} />}
      <Switch
        id={inputId}
        checked={isOn}
        disabled={isDisabled}
        onChange={(event) => onChange(event.target.checked)}
        slotProps={{ input: { 'aria-describedby': descriptionId } }}
      />
    </Box>
  );
}

function PreferencesSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading e-mail preferences">
      {CATEGORIES.map((category) => (
        <Box key={category.key} sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.5 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton width="40%" />
            <Skeleton width="80%" />
          </Box>
          <Skeleton variant="rounded" width={42} height={24} />
        </Box>
      ))}
    </Box>
  );
}
