import { useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Button, IconButton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import TvOutlinedIcon from '@mui/icons-material/TvOutlined';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { SettingsCard } from '../components/SettingsCard';
import { SettingsPage } from '../components/SettingsPage';
import { newScreen } from '../rules';
import { screensResolver, screensToForm, screensToValue, type ScreensForm } from '../schemas';
import type { SettingsBody } from '../types';
import { useSettingsEditor, type SettingsEditor } from '../useSettingsEditor';

const SCREEN_FIELDS = /^screens\.\d+\.name_screen$/;

/** 'Mes Écrans': the kitchen screens the franchise's products are sent to. */
export function ScreensPage() {
  return (
    <SettingsPage kind="screens" title="Mes Écrans" subtitle="Les écrans de cuisine vers lesquels vos produits sont envoyés : renommez-les, ajoutez-en ou retirez-en.">
      {(body, reload) => <ScreensEditor body={body} reload={reload} />}
    </SettingsPage>
  );
}

function ScreensEditor({ body, reload }: { body: SettingsBody<'screens'>; reload: () => Promise<SettingsBody<'screens'>> }) {
  const editor = useSettingsEditor<'screens', ScreensForm>({
    kind: 'screens',
    body,
    reload,
    resolver: screensResolver,
    toForm: screensToForm,
    toValue: screensToValue,
    fields: SCREEN_FIELDS,
  });
  const { control, getValues } = editor.form;
  const { fields, append, remove } = useFieldArray({ control, name: 'screens', keyName: 'key' });
  const [toRemove, setToRemove] = useState<{ index: number; name: string } | null>(null);
  const add = () => append(newScreen(getValues('screens')));

  return (
    <SettingsCard
      editor={editor}
      title="Écrans"
      description="Chaque écran est identifié par son numéro, que vos produits référencent ; son nom est celui affiché en cuisine."
    >
      {fields.length === 0 ? (
        <EmptyState
          icon={<TvOutlinedIcon />}
          message="Aucun écran de cuisine."
          action={
            !editor.readOnly ? (
              <Button variant="outlined" startIcon={<AddRoundedIcon />} onClick={add}>
                Ajouter un écran
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label="Écrans">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ pl: 3, width: 56 }}>N°</TableCell>
                  <TableCell>Nom</TableCell>
                  {!editor.readOnly && <TableCell sx={{ pr: 2, width: 56 }} aria-label="Actions" />}
                </TableRow>
              </TableHead>
              <TableBody>
                {fields.map((field, index) => (
                  <ScreenRow key={field.key} editor={editor} index={index} number={field.number_screen} onRemove={(name) => setToRemove({ index, name })} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {!editor.readOnly && (
            <Stack direction="row" sx={{ px: 3, py: 1.5 }}>
              <Button size="small" startIcon={<AddRoundedIcon />} onClick={add}>
                Ajouter un écran
              </Button>
            </Stack>
          )}
        </>
      )}
      <ConfirmDialog
        open={toRemove !== null}
        title="Confirmer la suppression"
        icon={<DeleteOutlineRoundedIcon />}
        tone="error"
        message={`Êtes-vous sûr de vouloir supprimer l'écran « ${toRemove?.name ?? ''} » ?`}
        warning="Il disparaît à l'enregistrement ; les produits qui lui sont envoyés ne s'y afficheront plus."
        confirmLabel="Supprimer"
        onCancel={() => setToRemove(null)}
        onConfirm={() => {
          if (toRemove) remove(toRemove.index);
          setToRemove(null);
        }}
      />
    </SettingsCard>
  );
}

function ScreenRow({
  editor,
  index,
  number,
  onRemove,
}: {
  editor: SettingsEditor<'screens', ScreensForm>;
  index: number;
  number: number;
  onRemove: (name: string) => void;
}) {
  const {
    register,
    control,
    formState: { errors },
  } = editor.form;
  const name = useWatch({ control, name: `screens.${index}.name_screen` });
  const error = errors.screens?.[index]?.name_screen;
  return (
    <TableRow>
      <TableCell sx={{ pl: 3 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {number}
        </Typography>
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          fullWidth
          disabled={editor.readOnly}
          error={Boolean(error)}
          helperText={error?.message}
          slotProps={{ htmlInput: { 'aria-label': `Nom de l'écran n°${number}` } }}
          sx={{ maxWidth: 420 }}
          {...register(`screens.${index}.name_screen`)}
        />
      </TableCell>
      {!editor.readOnly && (
        <TableCell sx={{ pr: 2 }}>
          <Tooltip title="Supprimer">
            <IconButton aria-label={`Supprimer l'écran n°${number}`} onClick={() => onRemove(name || `n°${number}`)} sx={{ '&:hover': { color: 'error.main' } }}>
              <DeleteOutlineRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </TableCell>
      )}
    </TableRow>
  );
}
