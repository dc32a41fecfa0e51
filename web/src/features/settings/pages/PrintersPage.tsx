import { useState } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import {
  Box,
  Button,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SettingsCard } from '../components/SettingsCard';
import { SettingsPage } from '../components/SettingsPage';
import { newPrinter, PRINTER_DEFAULTS, type PrinterType } from '../rules';
import { printersResolver, printersToForm, printersToValue, type PrintersForm } from '../schemas';
import type { SettingsBody } from '../types';
import { useSettingsEditor, type SettingsEditor } from '../useSettingsEditor';

const PRINTER_FIELDS = /^printers\.\d+\.(name|ip_address|width_ticket|number_ticket)$/;

/** Connection types offered; a value saved by an older app stays selectable. */
const CONNECTIONS = ['Reseau', 'USB'] as const;

const SECTIONS: readonly { type: PrinterType; title: string; add: string; empty: string; help: string }[] = [
  {
    type: 'kitchen',
    title: 'Imprimantes de préparation',
    add: 'Ajouter une imprimante de préparation',
    empty: 'Aucune imprimante de préparation.',
    help: 'Les tickets de cuisine des produits qui leur sont attribués.',
  },
  {
    type: 'label',
    title: "Imprimantes d'étiquettes",
    add: "Ajouter une imprimante d'étiquettes",
    empty: "Aucune imprimante d'étiquettes.",
    help: 'Les étiquettes collées sur les produits préparés.',
  },
];

/** 'Mes Imprimantes': the kitchen and label printers of the franchise. */
export function PrintersPage() {
  return (
    <SettingsPage
      kind="printers"
      title="Mes Imprimantes"
      subtitle="Les imprimantes de préparation et d'étiquettes de vos restaurants : nom, adresse IP, largeur des tickets et nombre d'exemplaires."
    >
      {(body, reload) => <PrintersEditor body={body} reload={reload} />}
    </SettingsPage>
  );
}

function PrintersEditor({ body, reload }: { body: SettingsBody<'printers'>; reload: () => Promise<SettingsBody<'printers'>> }) {
  const editor = useSettingsEditor<'printers', PrintersForm>({
    kind: 'printers',
    body,
    reload,
    resolver: printersResolver,
    toForm: printersToForm,
    toValue: printersToValue,
    fields: PRINTER_FIELDS,
  });
  const { control, getValues } = editor.form;
  const { fields, append, remove } = useFieldArray({ control, name: 'printers', keyName: 'key' });
  const [toRemove, setToRemove] = useState<{ index: number; name: string } | null>(null);

  return (
    <SettingsCard
      editor={editor}
      title="Imprimantes"
      description="Chaque imprimante est identifiée par son numéro, que vos produits référencent. Laissez l'adresse IP vide pour une imprimante non connectée au réseau."
    >
      {SECTIONS.map((section) => {
        const rows = fields.map((field, index) => ({ field, index })).filter(({ field }) => field.type_printer === section.type);
        return (
          <Box key={section.type} component="section" aria-label={section.title} sx={{ pb: 2 }}>
            <Stack direction="row" spacing={2} sx={{ px: 3, py: 1.5, alignItems: 'center', justifyContent: 'space-between' }}>
              <Box>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {section.title}{' '}
                  <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                    ({rows.length})
                  </Typography>
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {section.help}
                </Typography>
              </Box>
              {!editor.readOnly && (
                <Button size="small" variant="outlined" startIcon={<AddRoundedIcon />} onClick={() => append(newPrinter(section.type, getValues('printers')))}>
                  {section.add}
                </Button>
              )}
            </Stack>
            {rows.length === 0 ? (
              <Typography variant="body2" sx={{ px: 3, py: 2, color: 'text.secondary' }}>
                {section.empty}
              </Typography>
            ) : (
              <TableContainer>
                <Table size="small" aria-label={section.title}>
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ pl: 3, width: 56 }}>N°</TableCell>
                      <TableCell sx={{ minWidth: 180 }}>Nom</TableCell>
                      <TableCell sx={{ minWidth: 170 }}>Adresse IP</TableCell>
                      <TableCell sx={{ width: 120 }}>Largeur (car.)</TableCell>
                      <TableCell sx={{ width: 110 }}>Exemplaires</TableCell>
                      <TableCell sx={{ width: 130 }}>Connexion</TableCell>
                      {!editor.readOnly && <TableCell sx={{ pr: 2, width: 56 }} aria-label="Actions" />}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map(({ field, index }) => (
                      <PrinterRow key={field.key} editor={editor} index={index} id={field.idPrinter} onRemove={(name) => setToRemove({ index, name })} />
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Box>
        );
      })}
      <ConfirmDialog
        open={toRemove !== null}
        title="Confirmer la suppression"
        icon={<DeleteOutlineRoundedIcon />}
        tone="error"
        message={`Êtes-vous sûr de vouloir supprimer l'imprimante « ${toRemove?.name ?? ''} » ?`}
        warning="Elle disparaît à l'enregistrement ; les produits qui l'utilisent n'imprimeront plus dessus."
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

function PrinterRow({
  editor,
  index,
  id,
  onRemove,
}: {
  editor: SettingsEditor<'printers', PrintersForm>;
  index: number;
  id: number;
  onRemove: (name: string) => void;
}) {
  const {
    register,
    control,
    formState: { errors },
  } = editor.form;
  const name = useWatch({ control, name: `printers.${index}.name` });
  const e = errors.printers?.[index];
  const ro = editor.readOnly;
  const who = `l'imprimante n°${id}`;
  return (
    <TableRow>
      <TableCell sx={{ pl: 3, color: 'text.secondary' }}>{id}</TableCell>
      <TableCell>
        <TextField
          size="small"
          fullWidth
          disabled={ro}
          error={Boolean(e?.name)}
          helperText={e?.name?.message}
          slotProps={{ htmlInput: { 'aria-label': `Nom de ${who}` } }}
          {...register(`printers.${index}.name`)}
        />
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          fullWidth
          disabled={ro}
          placeholder="192.168.1.50"
          error={Boolean(e?.ip_address)}
          helperText={e?.ip_address?.message}
          slotProps={{ htmlInput: { 'aria-label': `Adresse IP de ${who}`, inputMode: 'decimal', spellCheck: false } }}
          {...register(`printers.${index}.ip_address`)}
        />
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          type="number"
          fullWidth
          disabled={ro}
          error={Boolean(e?.width_ticket)}
          helperText={e?.width_ticket?.message}
          slotProps={{ htmlInput: { 'aria-label': `Largeur du ticket de ${who}`, min: 16, max: 120, step: 1 } }}
          {...register(`printers.${index}.width_ticket`, { valueAsNumber: true })}
        />
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          type="number"
          fullWidth
          disabled={ro}
          error={Boolean(e?.number_ticket)}
          helperText={e?.number_ticket?.message}
          slotProps={{ htmlInput: { 'aria-label': `Nombre d'exemplaires de ${who}`, min: 1, max: 10, step: 1 } }}
          {...register(`printers.${index}.number_ticket`, { valueAsNumber: true })}
        />
      </TableCell>
      <TableCell>
        <Controller
          name={`printers.${index}.type`}
          control={control}
          render={({ field }) => (
            <TextField
              select
              size="small"
              fullWidth
              disabled={ro}
              value={field.value || PRINTER_DEFAULTS.type}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              slotProps={{ select: { inputProps: { 'aria-label': `Connexion de ${who}` } } }}
            >
              {[...new Set<string>([...CONNECTIONS, field.value || PRINTER_DEFAULTS.type])].map((c) => (
                <MenuItem key={c} value={c}>
                  {c === 'Reseau' ? 'Réseau' : c}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </TableCell>
      {!ro && (
        <TableCell sx={{ pr: 2 }}>
          <Tooltip title="Supprimer">
            <IconButton aria-label={`Supprimer ${who}`} onClick={() => onRemove(name || `n°${id}`)} sx={{ '&:hover': { color: 'error.main' } }}>
              <DeleteOutlineRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </TableCell>
      )}
    </TableRow>
  );
}
