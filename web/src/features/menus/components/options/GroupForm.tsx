import { useCallback, useState } from 'react';
import { useForm, useFormState, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Chip, Divider, MenuItem, Stack, Typography } from '@mui/material';
import SaveRoundedIcon from '@mui/icons-material/SaveRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { ApiError } from '../../../../api/client';
import { DeleteConfirmDialog } from '../../../../components/DeleteConfirmDialog';
import { useToast } from '../../../../components/Toast';
import type { MenuDocument } from '../../documentTypes';
import { applyGroupForm, groupFormValues, newOptionItem, nextItemNumber, optionRowOf, placeGroupErrors } from '../../optionEdits';
import type { OptionGroupView } from '../../optionTypes';
import { SAVE_FAILED, SAVE_SUCCESS } from '../../texts';
import { useFranchiseLists } from '../../franchiseLists';
import { GroupSwitch, GroupText } from './fields';
import { ItemsTable } from './ItemsTable';
import { optionGroupSchema, type OptionGroupForm, type OptionRow } from './groupSchema';
import { toastSaveError } from '../../../../components/saveError';

export interface GroupFormProps {
  group: OptionGroupView;
  document: MenuDocument;
  canEdit: boolean;
  saving: boolean;
  send: (next: MenuDocument) => Promise<unknown>;
  /** Asks to delete the group (the view confirms and saves). */
  onDelete: () => void;
}

const FLAGS: readonly { name: keyof OptionGroupForm; label: string }[] = [
  { name: 'prepared', label: 'À préparer' },
  { name: 'multiple_category', label: 'Multi-catégorie' },
  { name: 'display_free', label: 'Afficher « gratuit »' },
  { name: 'shift_option', label: 'Décaler les options' },
  { name: 'alphabetical_order', label: 'Ordre alphabétique' },
  { name: 'order_name', label: 'Nom dans la commande' },
  { name: 'no_printable', label: 'Ne pas imprimer' },
  { name: 'print_black_background', label: 'Impression fond noir' },
  { name: 'is_bold', label: 'En gras' },
];

function Title({ control, fallback }: { control: Control<OptionGroupForm>; fallback: string }) {
  const name = useWatch({ control, name: 'name' });
  const ingredient = useWatch({ control, name: 'is_ingredient' });
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0, flex: 1 }}>
      <Typography variant="h6" component="h2" noWrap>
        {name || fallback || 'Sans nom'}
      </Typography>
      {ingredient && <Chip size="small" variant="outlined" label="Ingrédients" />}
    </Stack>
  );
}

function Unsaved({ control }: { control: Control<OptionGroupForm> }) {
  const { isDirty } = useFormState({ control });
  return isDirty ? <Chip size="small" color="warning" variant="outlined" label="Modifications non enregistrées" /> : null;
}

/** The selected option group: its settings and its items, saved together with Enregistrer. Keyed by group. */
export function GroupForm({ group, document, canEdit, saving, send, onDelete }: GroupFormProps) {
  const toast = useToast();
  const [defaults] = useState(() => groupFormValues(group));
  const form = useForm<OptionGroupForm>({ resolver: zodResolver(optionGroupSchema), defaultValues: defaults });
  const { control, setError, reset } = form;
  const [banner, setBanner] = useState<string[]>([]);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [toDelete, setToDelete] = useState<{ ids: string[]; names: string[] } | null>(null);
  const disabled = !canEdit;
  // A printer the list does not name (an old carte) stays choosable, so the select shows it.
  const { kitchenPrinters } = useFranchiseLists();
  const printers =
    !group.printer || kitchenPrinters.some((p) => p.id === group.printer)
      ? kitchenPrinters
      : [...kitchenPrinters, { id: group.printer, name: `Imprimante ${group.printer}` }];

  const save = async (values: OptionGroupForm, remove: ReadonlySet<string> = new Set()): Promise<boolean> => {
    setBanner([]);
    const result = applyGroupForm(document, group.idGlobal, values, remove);
    const error = await send(result.document);
    if (error) {
      toastSaveError(toast, error, SAVE_FAILED);
      if (error instanceof ApiError && error.status !== 409) {
        const rest = placeGroupErrors(error, result.index, result.rowOf, (field, message) => setError(field, { type: 'server', message }));
        setBanner(rest.length > 0 ? rest : error.errors.length === 0 ? [error.detail] : []);
      }
      return false;
    }
    toast.success(SAVE_SUCCESS);
    const saved = result.document.options[result.index] as OptionGroupView | undefined;
    if (saved) reset(groupFormValues(saved));
    return true;
  };

  const newRow = useCallback(
    (pending: number[]): OptionRow => optionRowOf(newOptionItem(nextItemNumber(document, pending), '', 0)),
    [document],
  );
  const askDelete = useCallback(
    (ids: string[]) => {
      const rows = form.getValues('items');
      setToDelete({ ids, names: ids.map((id) => rows.find((r) => r.idGlobal === id)?.name.trim() ?? '') });
    },
    [form],
  );

  const confirmDelete = () => {
    if (!toDelete) return;
    const ids = new Set(toDelete.ids);
    // The deletion saves the whole group, so what was typed elsewhere must be valid too.
    void form.handleSubmit(
      async (values) => {
        if (await save(values, ids)) {
          setChecked(new Set());
          setToDelete(null);
        }
      },
      () => setToDelete(null),
    )();
  };

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((v) => save(v))} sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Title control={control} fallback={group.name} />
        <Unsaved control={control} />
        {canEdit && (
          <>
            <Button color="error" startIcon={<DeleteOutlineRoundedIcon />} onClick={onDelete} disabled={saving}>
              Supprimer
            </Button>
            <Button type="submit" variant="contained" startIcon={<SaveRoundedIcon />} loading={saving && !toDelete}>
              Enregistrer
            </Button>
          </>
        )}
      </Stack>
      <Box sx={{ overflowY: 'auto', flex: 1, minHeight: 0, px: 2.5, py: 2 }}>
        {banner.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setBanner([])}>
            {banner.map((m, i) => (
              <div key={i}>{m}</div>
            ))}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, columnGap: 2 }}>
          <GroupText control={control} name="name" label="Nom de la catégorie d'options" required fullWidth disabled={disabled} />
          <GroupText control={control} name="printer" label="Imprimante" select fullWidth disabled={disabled}>
            <MenuItem value="0">Aucune</MenuItem>
            {printers.map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {p.name}
              </MenuItem>
            ))}
          </GroupText>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, columnGap: 2 }}>
          <GroupText control={control} name="min_items" label="Choix minimum" disabled={disabled} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          <GroupText control={control} name="max_items" label="Choix maximum" disabled={disabled} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          <GroupText control={control} name="number_click" label="Nombre de clics" disabled={disabled} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, columnGap: 2, rowGap: 0.5, mb: 2 }}>
          <GroupSwitch control={control} name="is_ingredient" label="Ingrédients" disabled={disabled} />
          {FLAGS.map((f) => (
            <GroupSwitch key={f.name} control={control} name={f.name} label={f.label} disabled={disabled} />
          ))}
        </Box>
        <Divider sx={{ mb: 2 }} />
        <ItemsTable control={control} canEdit={canEdit} newRow={newRow} onDelete={askDelete} checked={checked} onCheck={setChecked} />
      </Box>
      <DeleteConfirmDialog
        open={toDelete !== null}
        kind={form.getValues('is_ingredient') ? 'ingredient' : 'option'}
        names={toDelete?.names.map((n) => n || 'Sans nom') ?? []}
        pending={saving}
        warning="La catégorie d'options est enregistrée avec vos autres modifications ; les éléments supprimés restent restaurables depuis la corbeille."
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </Box>
  );
}
