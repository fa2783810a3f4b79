import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';

/**
 * The frame of a settings form: a card holding the form, its title (when the section does not give
 * one), the saved message read out when it appears, and the failure with its close button.
 */
export function SettingsFormFrame(props: {
  labelledBy: string;
  title?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Loads the form's rules on the first touch. */
  preload: () => void;
  success: string | null | undefined;
  failure: string | null;
  onCloseFailure: () => void;
  children: ReactNode;
}) {
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        component="form"
        noValidate
        aria-labelledby={props.labelledBy}
        onSubmit={props.onSubmit}
        onInput={props.preload}
        onPointerDown={props.preload}
        sx={{ display: 'grid', gap: 2 }}
      >
        {props.title && (
          <Typography id={props.labelledBy} variant="h3" sx={{ fontSize: '1.125rem', fontWeight: 600 }}>
            {props.title}
          </Typography>
        )}
        <Box aria-live="polite">{props.success && <Alert severity="success">{props.success}</Alert>}</Box>
        {props.failure && (
          <Alert severity="error" onClose={props.onCloseFailure}>
            {props.failure}
          </Alert>
        )}
        {props.children}
      </Box>
    </Paper>
  );
}
