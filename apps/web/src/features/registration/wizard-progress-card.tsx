import { wizardProgress, wizardSteps, type WizardStep } from '@letsema/domain';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { PHONE_QUERY, useMediaQuery } from '../../components/plain/media-queries';
import { PlainPaper } from '../../components/plain/plain-paper';
import { PlainProgress } from '../../components/plain/plain-placeholders';
import { classNames } from '../../lib/class-names';
import styles from './wizard.module.css';

/**
 * Where the member is in the six steps: the percentage done and a stepper, which on phones is a
 * compact line ("Step 2 of 6") over a segmented bar instead of six labels. The last step, the
 * admin's review, stays current rather than done while the member waits. The card is plain elements
 * (the wizard is a new member's first screen); the wide screens' stepper is MUI's.
 */
export function WizardProgressCard({ step }: { step: WizardStep }) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const percent = wizardProgress(step);
  const isSubmitted = step === wizardSteps.length;

  return (
    <PlainPaper className={styles.progressCard}>
      <div className={styles.progressLine}>
        <p className={styles.stepOf}>
          Step {step} of {wizardSteps.length}
          {isPhone && (
            <span className={styles.stepName}>
              {' · '}
              {wizardSteps[step - 1]}
            </span>
          )}
        </p>
        <p className={classNames(styles.percent, isSubmitted && styles.percentDone)}>{percent}% complete</p>
      </div>
      <PlainProgress value={percent} isDone={isSubmitted} label="Registration progress" isThin />
      {isPhone ? (
        <ol aria-label="Registration steps" className={styles.segments}>
          {wizardSteps.map((label, index) => {
            const number = index + 1;
            const state = number < step ? 'done' : number === step ? 'current' : 'upcoming';
            return (
              <li
                key={label}
                aria-label={`${label}: ${state === 'done' ? 'done' : state === 'current' ? 'current step' : 'to do'}`}
                aria-current={state === 'current' ? 'step' : undefined}
                className={classNames(
                  styles.segment,
                  state === 'done' && styles.segmentDone,
                  state === 'current' && styles.segmentCurrent,
                )}
              />
            );
          })}
        </ol>
      ) : (
        <Stepper activeStep={step - 1} alternativeLabel className={styles.stepper}>
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
    </PlainPaper>
  );
}
