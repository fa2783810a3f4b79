import { adminRoleInfo, adminRoles, type AdminRole } from '@letsema/domain';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

/** The fields of a form holding the chosen roles. */
interface RolesFields extends FieldValues {
  roles: AdminRole[];
}

/**
 * The permission roles as checkboxes, each with its label and what it allows, bound to the form's
 * `roles` field. `lockedNote` shows every box as it is, disabled, with the note under them.
 */
export function RoleCheckboxes<T extends RolesFields, TTransformed>({
  control,
  disabled,
  lockedNote,
  lockedRoles = [],
}: {
  control: Control<T, unknown, TTransformed>;
  disabled: boolean;
  lockedNote?: string;
  /** Roles shown as they are but not changeable here (Staff Management, for all but the super admin). */
  lockedRoles?: readonly AdminRole[];
}) {
  const { field, fieldState } = useController({ control, name: 'roles' as Path<T> });
  const selected: string[] = Array.isArray(field.value) ? field.value : [];
  const baseId = useId();
  const helperId = `${baseId}-helper`;
  const message = fieldState.error?.message ?? getNestedMessage(fieldState.error);
  const isLocked = Boolean(lockedNote);

  const toggle = (role: AdminRole, isChecked: boolean) => {
    const next = isChecked ? [...selected, role] : selected.filter((entry) => entry !== role);
    field.onChange(adminRoles.filter((entry) => next.includes(entry)));
  };

  return (
    <FormControl
      component="fieldset"
      error={Boolean(message)}
      fullWidth
      aria-describedby={message || lockedNote ? helperId : undefined}
    >
      <FormLabel component="legend" sx={{ mb: 1, fontWeight: 600, color: 'text.primary' }}>
        Roles
      </FormLabel>
      {(message || lockedNote) && (
        <FormHelperText id={helperId} sx={{ mx: 0, mt: -0.5, mb: 1 }}>
          {message ?? lockedNote}
        </FormHelperText>
      )}
      <Box
        ref={field.ref}
        tabIndex={-1}
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          outline: 'none',
        }}
      >
        {adminRoles.map((role) => {
          const isChecked = selected.includes(role);
          const isRoleLocked = isLocked || lockedRoles.includes(role);
          const labelId = `${baseId}-${role}-label`;
          const descriptionId = `${baseId}-${role}-description`;
          return (
            <Box
              key={role}
              component="label"
              sx={{
                display: 'flex',
                alignItems: 'flex-start',
                gap: 1,
                p: 1.25,
                pl: 0.75,
                border: 1,
                borderRadius: 2.5,
                borderColor: isChecked ? 'primary.main' : 'divider',
                bgcolor: isChecked ? 'rgba(0, 122, 255, 0.06)' : 'background.paper',
                cursor: disabled || isRoleLocked ? 'default' : 'pointer',
                transition: 'border-color 120ms ease, background-color 120ms ease',
                minWidth: 0,
              }}
            >
              <Checkbox
                checked={isChecked}
                onChange={(event) => toggle(role, event.target.checked)}
                onBlur={field.onBlur}
                disabled={disabled || isRoleLocked}
                size="small"
                sx={{ p: 0.5 }}
                slotProps={{ input: { 'aria-labelledby': labelId, 'aria-describedby': descriptionId } }}
              />
              <Box sx={{ minWidth: 0, pt: 0.25 }}>
                <Typography id={labelId} variant="body2" sx={{ fontWeight: 600, lineHeight: 1.4 }}>
                  {adminRoleInfo[role].label}
                </Typography>
                <Typography id={descriptionId} variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {adminRoleInfo[role].description}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </Box>
    </FormControl>
  );
}

/** A list field's error may sit on one of its items (`roles.0`). */
function getNestedMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  for (const value of Object.values(error)) {
    if (value && typeof value === 'object' && 'message' in value && typeof value.message === 'string') {
      return value.message;
    }
  }
  return undefined;
}
