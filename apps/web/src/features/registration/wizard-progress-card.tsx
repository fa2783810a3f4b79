import { wizardProgress, wizardSteps, type WizardStep } from '@letsema/domain';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

/**
 * Where the member is in the six steps: the percentage done and a stepper, which on phones is a
 * compact line ("Step 2 of 6") over a segmented bar instead of six labels. The last step, the
 * admin's review, stays current rather than done while the member waits.
 */
export function WizardProgressCard({ step }: { step: WizardStep }) {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const percent = wizardProgress(step);
  const isSubmitted = step === wizardSteps.length;

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600, minWidth: 0 }}>
          Step {step} of {wizardSteps.length}
          {isPhone && (
            <Box component="span" sx={{ color: 'text.primary' }}>
              {' · '}
              {wizardSteps[step - 1]}
            </Box>
          )}
        </Typography>
        <Typography
          variant="body2"
          sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: isSubmitted ? 'success.main' : 'primary.main' }}
        >
          {percent}% complete
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={isSubmitted ? 'success' : 'primary'}
        aria-label="Registration progress"
        sx={{ height: 8, borderRadius: 4, bgcolor: 'rgba(120, 120, 128, 0.16)' }}
      />
      {isPhone ? (
        <Box component="ol" aria-label="Registration steps" sx={{ display: 'flex', gap: 0.75, p: 0, m: 0, mt: 1.5 }}>
          {wizardSteps.map((label, index) => {
            const number = index + 1;
            const state = number < step ? 'done' : number === step ? 'current' : 'upcoming';
            return (
              <Box
                component="li"
                key={label}
                aria-label={`${label}: ${state === 'done' ? 'done' : state === 'current' ? 'current step' : 'to do'}`}
                aria-current={state === 'current' ? 'step' : undefined}
                sx={{
                  listStyle: 'none',
                  flex: 1,
                  height: 4,
                  borderRadius: 2,
                  bgcolor: state === 'done' ? 'success.main' : state === 'current' ? 'primary.main' : 'divider',
                }}
              />
            );
          })}
        </Box>
      ) : (
        <Stepper activeStep={step - 1} alternativeLabel sx={{ mt: 3 }}>
          {wizardSteps.map((label) => (
            <Step key={label}>
              <StepLabel
                sx={{
                  '& .MuiStepLabel-label': { fontSize: '0.8125rem' },
                  '& .MuiStepLabel-label.Mui-active': { fontWeight: 600 },
                }}
              >
                {label}
              </StepLabel>
            </Step>
          ))}
        </Stepper>
      )}
    </Paper>
  );
}
