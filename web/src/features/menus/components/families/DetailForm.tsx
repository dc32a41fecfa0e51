import type { FormEventHandler, ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import SaveRoundedIcon from '@mui/icons-material/SaveRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';

export interface DetailFormProps {
  /** The form's accessible name ('Fiche promotion'). */
  label: string;
  title: string;
  subtitle?: ReactNode;
  canEdit: boolean;
  isNew: boolean;
  saving: boolean;
  dirty: boolean;
  /** Messages of the server that found no field. */
  problems: readonly string[];
  onSubmit: FormEventHandler<HTMLFormElement>;
  onDelete: () => void;
  children: ReactNode;
}

/** The right pane: a title, the fields, and a footer with Supprimer / Enregistrer (admins only). */
export function DetailForm({ label, title, subtitle, canEdit, isNew, saving, dirty, problems, onSubmit, onDelete, children }: DetailFormProps) {
  return (
    <Box component="form" aria-label={label} noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ px: 3, pt: 2.5, pb: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" component="h2" noWrap>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      <Stack spacing={3} sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: 3, py: 2.5 }}>
        {problems.length > 0 && (
          <Alert severity="error">
            {problems.map((m, i) => (
              <Box key={i}>{m}</Box>
            ))}
          </Alert>
        )}
        {children}
      </Stack>
      {canEdit && (
        <Stack direction="row" spacing={1} sx={{ px: 3, py: 1.5, borderTop: 1, borderColor: 'divider', alignItems: 'center', bgcolor: 'background.paper' }}>
          {!isNew && (
            <Button color="error" variant="outlined" startIcon={<DeleteOutlineRoundedIcon />} onClick={onDelete} disabled={saving}>
              Supprimer
            </Button>
          )}
          <Box sx={{ flex: 1 }} />
          <Button
            type="submit"
            variant="contained"
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveRoundedIcon />}
            disabled={saving || !dirty}
          >
            Enregistrer
          </Button>
        </Stack>
      )}
    </Box>
  );
}
