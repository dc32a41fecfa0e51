import { memo, useCallback, useState } from 'react';
import { Controller, useFieldArray, useFormState, useWatch, type Control } from 'react-hook-form';
import {
  Box,
  Button,
  Checkbox,
  Collapse,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ArrowUpwardRoundedIcon from '@mui/icons-material/ArrowUpwardRounded';
import ArrowDownwardRoundedIcon from '@mui/icons-material/ArrowDownwardRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import { Tooltip } from '../../../../components/Tooltip';
import { SIZE_IDS, TARIFF_KEYS, TARIFF_PRICE_FIELDS } from '../../optionTypes';
import { GroupText } from './fields';
import type { OptionGroupForm, OptionRow } from './groupSchema';

export interface ItemsTableProps {
  control: Control<OptionGroupForm>;
  canEdit: boolean;
  /** A new row (idGlobal, id_product set) to append. */
  newRow: (pendingNumbers: number[]) => OptionRow;
  /** Asks to delete these rows (by idGlobal). */
  onDelete: (ids: string[]) => void;
  checked: ReadonlySet<string>;
  onCheck: (next: ReadonlySet<string>) => void;
}

const cellInput = { htmlInput: { inputMode: 'decimal' as const, style: { textAlign: 'right' as const } } };

/** The options (or ingredients) of the group: one row each, prices per tariff inline, the rest in an expandable row. */
export function ItemsTable({ control, canEdit, newRow, onDelete, checked, onCheck }: ItemsTableProps) {
  const { fields, append, move } = useFieldArray({ control, name: 'items', keyName: 'key' });
  const isIngredient = useWatch({ control, name: 'is_ingredient' });
  const noun = isIngredient ? 'ingrédient' : 'option';
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const ids = fields.map((f) => f.idGlobal);
  const allChecked = ids.length > 0 && ids.every((id) => checked.has(id));

  const toggle = useCallback(
    (id: string) => setOpen((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    }),
    [],
  );
  const deleteOne = useCallback((id: string) => onDelete([id]), [onDelete]);
  const check = useCallback(
    (id: string, on: boolean) => {
      const n = new Set(checked);
      if (on) n.add(id);
      else n.delete(id);
      onCheck(n);
    },
    [checked, onCheck],
  );

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1 }}>
          {isIngredient ? 'Ingrédients' : 'Options'} ({fields.length})
        </Typography>
        {canEdit && checked.size > 0 && (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutlineRoundedIcon />}
            onClick={() => {
              onDelete(ids.filter((id) => checked.has(id)));
            }}
          >
            Supprimer la sélection ({checked.size})
          </Button>
        )}
        {canEdit && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<AddRoundedIcon />}
            onClick={() => append(newRow(fields.map((f) => f.id_product)), { shouldFocus: true, focusName: `items.${fields.length}.name` })}
          >
            {isIngredient ? 'Ajouter un ingrédient' : 'Ajouter une option'}
          </Button>
        )}
      </Stack>
      {fields.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 3, textAlign: 'center', border: 1, borderColor: 'divider', borderRadius: 2, borderStyle: 'dashed' }}>
          {isIngredient ? 'Aucun ingrédient dans cette catégorie.' : 'Aucune option dans cette catégorie.'}
        </Typography>
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
          <Table size="small" aria-label={isIngredient ? 'Ingrédients' : 'Options'} sx={{ '& td, & th': { px: 0.75 } }}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  {canEdit && (
                    <Checkbox
                      size="small"
                      checked={allChecked}
                      indeterminate={!allChecked && checked.size > 0}
                      onChange={(e) => onCheck(e.target.checked ? new Set(ids) : new Set())}
                      slotProps={{ input: { 'aria-label': 'Tout sélectionner' } }}
                    />
                  )}
                </TableCell>
                <TableCell sx={{ minWidth: 160 }}>Nom</TableCell>
                <TableCell sx={{ minWidth: 110 }}>Alias</TableCell>
                {TARIFF_KEYS.map((t) => (
                  <TableCell key={t} align="right" sx={{ width: 92, minWidth: 88 }}>
                    Prix {t}
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ width: 92, minWidth: 80 }}>
                  Coût
                </TableCell>
                <TableCell align="center">Épuisé</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  Actions
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {fields.map((f, i) => (
                <ItemRow
                  key={f.key}
                  control={control}
                  index={i}
                  idGlobal={f.idGlobal}
                  noun={noun}
                  canEdit={canEdit}
                  first={i === 0}
                  last={i === fields.length - 1}
                  expanded={open.has(f.idGlobal)}
                  checked={checked.has(f.idGlobal)}
                  onToggle={toggle}
                  onCheck={check}
                  onMove={move}
                  onDelete={deleteOne}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

interface ItemRowProps {
  control: Control<OptionGroupForm>;
  index: number;
  idGlobal: string;
  noun: string;
  canEdit: boolean;
  first: boolean;
  last: boolean;
  expanded: boolean;
  checked: boolean;
  onToggle: (id: string) => void;
  onCheck: (id: string, on: boolean) => void;
  onMove: (from: number, to: number) => void;
  onDelete: (idGlobal: string) => void;
}

const ItemRow = memo(function ItemRow({ control, index, idGlobal, noun, canEdit, first, last, expanded, checked, onToggle, onCheck, onMove, onDelete }: ItemRowProps) {
  const disabled = !canEdit;
  const name = useWatch({ control, name: `items.${index}.name` });
  // A server or client error in the hidden part opens it, so the message is seen.
  const { errors } = useFormState({ control, name: `items.${index}` });
  const rowErrors = errors.items?.[index];
  const hiddenError = Boolean(
    rowErrors?.limits || TARIFF_KEYS.some((t) => TARIFF_PRICE_FIELDS.some((f) => f.key !== 'price' && rowErrors?.prices?.[t]?.[f.key])),
  );
  const show = expanded || hiddenError;
  const label = name || `${noun} sans nom`;
  return (
    <>
      <TableRow hover selected={checked} sx={{ '& > td': { borderBottom: show ? 0 : undefined, verticalAlign: 'top', pt: 1 } }}>
        <TableCell padding="checkbox">
          {canEdit && (
            <Checkbox size="small" checked={checked} onChange={(e) => onCheck(idGlobal, e.target.checked)} slotProps={{ input: { 'aria-label': `Sélectionner ${label}` } }} />
          )}
        </TableCell>
        <TableCell>
          <GroupText control={control} name={`items.${index}.name`} disabled={disabled} dense size="small" fullWidth slotProps={{ htmlInput: { 'aria-label': `Nom de ${label}` } }} />
        </TableCell>
        <TableCell>
          <GroupText control={control} name={`items.${index}.alias_supplement`} disabled={disabled} dense size="small" fullWidth slotProps={{ htmlInput: { 'aria-label': `Alias de ${label}` } }} />
        </TableCell>
        {TARIFF_KEYS.map((t) => (
          <TableCell key={t}>
            <GroupText
              control={control}
              name={`items.${index}.prices.${t}.price`}
              disabled={disabled}
              dense
              size="small"
              slotProps={{ htmlInput: { ...cellInput.htmlInput, 'aria-label': `Prix ${t} de ${label}` } }}
            />
          </TableCell>
        ))}
        <TableCell>
          <GroupText control={control} name={`items.${index}.cost`} disabled={disabled} dense size="small" slotProps={{ htmlInput: { ...cellInput.htmlInput, 'aria-label': `Coût de ${label}` } }} />
        </TableCell>
        <TableCell align="center">
          <Controller
            control={control}
            name={`items.${index}.sold_out`}
            render={({ field }) => (
              <Checkbox size="small" disabled={disabled} checked={field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { 'aria-label': `${label} épuisé` } }} />
            )}
          />
        </TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          <Tooltip title={show ? 'Masquer le détail' : 'Prix par type de commande et limites par taille'}>
            <IconButton size="small" aria-expanded={show} aria-label={`Détail de ${label}`} onClick={() => onToggle(idGlobal)}>
              <ExpandMoreRoundedIcon fontSize="small" sx={{ transform: show ? 'rotate(180deg)' : 'none', transition: 'transform .15s' }} />
            </IconButton>
          </Tooltip>
          {canEdit && (
            <>
              <IconButton size="small" aria-label={`Monter ${label}`} disabled={first} onClick={() => onMove(index, index - 1)}>
                <ArrowUpwardRoundedIcon fontSize="small" />
              </IconButton>
              <IconButton size="small" aria-label={`Descendre ${label}`} disabled={last} onClick={() => onMove(index, index + 1)}>
                <ArrowDownwardRoundedIcon fontSize="small" />
              </IconButton>
              <IconButton size="small" color="error" aria-label={`Supprimer ${label}`} onClick={() => onDelete(idGlobal)}>
                <DeleteOutlineRoundedIcon fontSize="small" />
              </IconButton>
            </>
          )}
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={9} sx={{ py: 0, borderBottom: show ? undefined : 0 }}>
          <Collapse in={show} unmountOnExit>
            <ItemDetail control={control} index={index} disabled={disabled} label={label} />
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
});

/** The expanded part of a row: each tariff's prices per order type, and the limits per size. */
function ItemDetail({ control, index, disabled, label }: { control: Control<OptionGroupForm>; index: number; disabled: boolean; label: string }) {
  const orderFields = TARIFF_PRICE_FIELDS.filter((f) => f.key !== 'price');
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, gap: 3, py: 1.5, pl: 5 }}>
      <Box>
        <Typography variant="caption" sx={{ fontWeight: 600, color: 'text.secondary', display: 'block', mb: 0.5 }}>
          Prix par type de commande
        </Typography>
        <Table size="small" sx={{ '& td, & th': { px: 0.5, border: 0 } }}>
          <TableHead>
            <TableRow>
              <TableCell />
              {orderFields.map((f) => (
                <TableCell key={f.key} align="right" sx={{ fontSize: '0.75rem' }}>
                  {f.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {TARIFF_KEYS.map((t) => (
              <TableRow key={t}>
                <TableCell sx={{ fontSize: '0.75rem', fontWeight: 600 }}>{t}</TableCell>
                {orderFields.map((f) => (
                  <TableCell key={f.key}>
                    <GroupText
                      control={control}
                      name={`items.${index}.prices.${t}.${f.key}`}
                      disabled={disabled}
                      dense
                      size="small"
                      slotProps={{ htmlInput: { ...cellInput.htmlInput, 'aria-label': `Prix ${f.label} ${t} de ${label}` } }}
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box>
        <Typography variant="caption" sx={{ fontWeight: 600, color: 'text.secondary', display: 'block', mb: 0.5 }}>
          Par taille
        </Typography>
        <Table size="small" sx={{ '& td, & th': { px: 0.5, border: 0 } }}>
          <TableHead>
            <TableRow>
              <TableCell />
              <TableCell align="right" sx={{ fontSize: '0.75rem' }}>Min</TableCell>
              <TableCell align="right" sx={{ fontSize: '0.75rem' }}>Max</TableCell>
              <TableCell align="right" sx={{ fontSize: '0.75rem' }}>Gratuits</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {SIZE_IDS.map((id, k) => (
              <TableRow key={id}>
                <TableCell sx={{ fontSize: '0.75rem', whiteSpace: 'nowrap' }}>Taille {id}</TableCell>
                {(['min', 'max', 'free'] as const).map((f) => (
                  <TableCell key={f}>
                    <GroupText
                      control={control}
                      name={`items.${index}.limits.${k}.${f}`}
                      disabled={disabled}
                      dense
                      size="small"
                      slotProps={{ htmlInput: { inputMode: 'numeric', style: { textAlign: 'right' }, 'aria-label': `${f === 'min' ? 'Minimum' : f === 'max' ? 'Maximum' : 'Gratuits'} taille ${id} de ${label}` } }}
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
