import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Alert, Box, Button, Card, Divider, Stack, Typography } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import { lastChangeText } from '../format';
import type { SettingsKind } from '../types';
import { READ_ONLY_TEXT, useDirty, type SettingsEditor } from '../useSettingsEditor';

export interface SettingsCardProps<K extends SettingsKind, F extends FieldValues> {
  editor: SettingsEditor<K, F>;
  title: string;
  description: ReactNode;
  /** 'Enregistrer' unless told (the kiosk page says 'Sauvegarder' / 'Appliquer'). */
  saveLabel?: string;
  children: ReactNode;
}

/** The card holding one settings form: title, last change, banners, the fields, and a sticky action bar. */
export function SettingsCard<K extends SettingsKind, F extends FieldValues>({
  editor,
  title,
  description,
  saveLabel = 'Enregistrer',
  children,
}: SettingsCardProps<K, F>) {
  const { readOnly, conflict, forbidden, failure } = editor;
  return (
    <Card component="form" noValidate aria-label={title} onSubmit={(e) => void editor.submit(e)} sx={{ overflow: 'visible' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ px: 3, pt: 2.5, pb: 2, justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 640 }}>
            {description}
          </Typography>
        </Box>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary', flexShrink: 0 }}>
          <HistoryRoundedIcon sx={{ fontSize: 16 }} />
          <Typography variant="caption">
            {lastChangeText(editor.base)}
          </Typography>
        </Stack>
      </Stack>

      <Stack spacing={1.5} sx={{ px: 3, '&:empty': { display: 'none' }, pb: 2 }}>
        {readOnly && !forbidden && (
          <Alert severity="info" icon={<LockOutlinedIcon fontSize="inherit" />}>
            {READ_ONLY_TEXT}
          </Alert>
        )}
        {forbidden && (
          <Alert severity="warning" icon={<LockOutlinedIcon fontSize="inherit" />}>
            {forbidden}
          </Alert>
        )}
        {conflict && !readOnly && (
          <Alert
            severity="warning"
            action={
              <Button
                color="inherit"
                size="small"
                startIcon={<RefreshRoundedIcon />}
                loading={editor.reloading}
                onClick={() => void editor.reloadKeepingEdits()}
              >
                Recharger
              </Button>
            }
          >
            {conflict}
          </Alert>
        )}
        {failure && !readOnly && <Alert severity="error">{failure}</Alert>}
      </Stack>

      {children}

      {!readOnly && <ActionBar editor={editor} saveLabel={saveLabel} />}
    </Card>
  );
}

/** Sticky at the bottom of the card; the only part that re-renders at each keystroke. */
function ActionBar<K extends SettingsKind, F extends FieldValues>({ editor, saveLabel }: { editor: SettingsEditor<K, F>; saveLabel: string }) {
  const dirty = useDirty(editor);
  const { saving } = editor;
  return (
    <Box
      sx={(theme) => ({
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        backgroundColor: theme.palette.background.paper,
        borderBottomLeftRadius: 'inherit',
        borderBottomRightRadius: 'inherit',
      })}
    >
      <Divider />
      <Stack direction="row" spacing={1.5} sx={{ px: 3, py: 1.75, alignItems: 'center', justifyContent: 'flex-end' }}>
        <Typography variant="body2" role="status" sx={{ color: 'text.secondary', mr: 'auto' }}>
          {dirty ? 'Modifications non enregistrées' : ''}
        </Typography>
        <Button color="inherit" disabled={!dirty || saving} onClick={editor.cancel}>
          Annuler les modifications
        </Button>
        <Button type="submit" variant="contained" disabled={!dirty} loading={saving}>
          {saveLabel}
        </Button>
      </Stack>
    </Box>
  );
}
