import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { PasswordStrength } from '@letsema/domain/password-strength';
import { usePasswordStrength } from '../lib/password-strength';

const COLOURS = ['error', 'error', 'warning', 'success', 'success'] as const;

/** How guessable the new password being typed is, by the same estimator the server uses. */
export function PasswordStrengthMeter<TFieldValues extends FieldValues, TTransformed = TFieldValues>({
  control,
  name,
  userInputs = [],
}: {
  control: Control<TFieldValues, unknown, TTransformed>;
  name: FieldPath<TFieldValues>;
  userInputs?: readonly string[];
}) {
  const password = useWatch({ control, name }) as unknown;
  const strength = usePasswordStrength(typeof password === 'string' ? password : '', userInputs);
  // The space is kept while nothing is measured, so that the fields and buttons below do not move
  // when the measurement arrives (the dictionaries load on first use).
  return <Box sx={{ mt: -1.5, minHeight: METER_HEIGHT }}>{strength && <Meter strength={strength} />}</Box>;
}

/** The bar (6 px), its gap (4 px) and one line of body2 text (20 px). */
const METER_HEIGHT = 30;

function Meter({ strength }: { strength: PasswordStrength }) {
  return (
    <>
      <LinearProgress
        variant="determinate"
        value={(strength.score + 1) * 20}
        color={COLOURS[strength.score] ?? 'error'}
        aria-label="Strength of the password"
        aria-valuetext={strength.label}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ mt: 0.5 }}>
        Strength: {strength.label}
        {!strength.isStrongEnough && strength.warning ? `. ${strength.warning}` : ''}
      </Typography>
    </>
  );
}
