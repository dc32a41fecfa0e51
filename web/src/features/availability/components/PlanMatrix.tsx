import { memo } from 'react';
import { Box, ButtonBase, Checkbox, Chip, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import type { PlanCell, PlanRestaurant, PlanRow } from '../../../api/types';
import { useRowWindow } from '../../../components/useRowWindow';
import { money } from '../../orders/format';
import { cellKey, cellLabel, cellState, columnCells, coverage, rowCells, type CellState, type PlanLine } from '../plan';

export const ROW_HEIGHT = 52;
const HEADER_HEIGHT = 72;
const FIRST_WIDTH = 300;
const COLUMN_WIDTH = 156;

/** The colours of a state, shared by the cells and the legend. */
export function stateColours(theme: Theme, state: CellState) {
  switch (state) {
    case 'onSale':
      return { color: theme.palette.success.main, bg: alpha(theme.palette.success.main, 0.08), border: alpha(theme.palette.success.main, 0.35) };
    case 'today':
      return { color: theme.palette.warning.dark, bg: alpha(theme.palette.warning.main, 0.14), border: alpha(theme.palette.warning.main, 0.5) };
    case 'until':
      return { color: theme.palette.error.main, bg: alpha(theme.palette.error.main, 0.1), border: alpha(theme.palette.error.main, 0.45) };
    default:
      return { color: theme.palette.text.disabled, bg: 'transparent', border: theme.palette.divider };
  }
}

/** A chip in a state's colours (cells and legend). */
export function StateChip({ state, label }: { state: CellState; label: string }) {
  return (
    <Chip
      size="small"
      label={label}
      variant="outlined"
      sx={(theme) => {
        const c = stateColours(theme, state);
        return {
          height: 22,
          fontSize: '0.72rem',
          fontWeight: 600,
          color: c.color,
          bgcolor: c.bg,
          borderColor: c.border,
          borderStyle: state === 'absent' ? 'dashed' : 'solid',
          '& .MuiChip-label': { px: 1 },
        };
      }}
    />
  );
}

interface Props {
  lines: readonly PlanLine[];
  /** The rows shown (filters applied): a column's checkbox selects its cells among them. */
  rows: readonly PlanRow[];
  restaurants: readonly PlanRestaurant[];
  selection: ReadonlySet<string>;
  onToggleCell: (key: string) => void;
  onToggleKeys: (keys: string[]) => void;
}

const head = { py: 1, height: HEADER_HEIGHT, boxSizing: 'border-box', bgcolor: 'background.paper', verticalAlign: 'bottom' } as const;
const sticky = { position: 'sticky', left: 0, bgcolor: 'background.paper', borderRight: 1, borderRightColor: 'divider' } as const;

/**
 * The matrix of Plan Produit: the header (restaurants) and the first column (elements) stay in
 * place while the body scrolls both ways; only the lines in view are drawn.
 */
export function PlanMatrix({ lines, rows, restaurants, selection, onToggleCell, onToggleKeys }: Props) {
  const win = useRowWindow(lines.length, ROW_HEIGHT, HEADER_HEIGHT);
  const span = restaurants.length;
  return (
    <Box
      ref={win.ref}
      onScroll={win.onScroll}
      sx={{ maxHeight: 'max(440px, calc(100vh - 330px))', overflow: 'auto', borderTop: 1, borderColor: 'divider' }}
      data-testid="plan-matrix"
    >
      <Table
        stickyHeader
        size="small"
        aria-label="Plan Produit"
        aria-rowcount={lines.length + 1}
        sx={{ tableLayout: 'fixed', width: FIRST_WIDTH + span * COLUMN_WIDTH, borderCollapse: 'separate' }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...head, ...sticky, width: FIRST_WIDTH, zIndex: 4, pl: 2.5 }}>
              <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600, textTransform: 'uppercase', letterSpacing: 0.4 }}>
                Produit ou option
              </Typography>
            </TableCell>
            {restaurants.map((x, i) => (
              <ColumnHead key={x.id} restaurant={x} state={coverage(selection, columnCells(i, rows, restaurants))} onToggle={() => onToggleKeys(columnCells(i, rows, restaurants))} />
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {win.padTop > 0 && (
            <TableRow aria-hidden>
              <TableCell colSpan={span + 1} sx={{ p: 0, height: win.padTop, border: 0 }} />
            </TableRow>
          )}
          {lines.slice(win.start, win.end).map((line, i) =>
            line.type === 'group' ? (
              <TableRow key={line.key} aria-rowindex={win.start + i + 2}>
                <TableCell sx={{ ...sticky, height: ROW_HEIGHT, boxSizing: 'border-box', py: 0, pl: 2.5, bgcolor: 'background.default', zIndex: 1 }}>
                  <Typography variant="subtitle2" component="span" sx={{ fontWeight: 700 }}>
                    {line.label}
                  </Typography>
                  <Typography variant="caption" component="span" sx={{ color: 'text.secondary', ml: 1 }}>
                    {line.count}
                  </Typography>
                </TableCell>
                <TableCell colSpan={span} sx={{ height: ROW_HEIGHT, py: 0, bgcolor: 'background.default' }} />
              </TableRow>
            ) : (
              <PlanLineRow
                key={line.key}
                index={win.start + i + 2}
                row={line.row}
                restaurants={restaurants}
                selection={selection}
                onToggleCell={onToggleCell}
                onToggleKeys={onToggleKeys}
              />
            ),
          )}
          {win.padBottom > 0 && (
            <TableRow aria-hidden>
              <TableCell colSpan={span + 1} sx={{ p: 0, height: win.padBottom, border: 0 }} />
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}

function ColumnHead({ restaurant: x, state, onToggle }: { restaurant: PlanRestaurant; state: 'all' | 'some' | 'none'; onToggle: () => void }) {
  return (
    <TableCell sx={{ ...head, width: COLUMN_WIDTH, px: 1, zIndex: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
        <Checkbox
          size="small"
          checked={state === 'all'}
          indeterminate={state === 'some'}
          disabled={!x.deployed}
          onChange={onToggle}
          slotProps={{ input: { 'aria-label': `Sélectionner la colonne ${x.nom}` } }}
          sx={{ p: 0.5, mb: -0.25 }}
        />
        <Box sx={{ minWidth: 0 }}>
          <Tooltip title={x.nom}>
            <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.25, textTransform: 'none', letterSpacing: 0, color: 'text.primary', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
              {x.nom}
            </Typography>
          </Tooltip>
          <Typography variant="caption" noWrap component="div" sx={{ textTransform: 'none', letterSpacing: 0, fontWeight: 400, color: x.deployed ? 'text.secondary' : 'warning.dark' }}>
            {x.deployed ? x.ville || '\u00a0' : 'Aucune carte déployée'}
          </Typography>
        </Box>
      </Box>
    </TableCell>
  );
}

interface RowProps {
  index: number;
  row: PlanRow;
  restaurants: readonly PlanRestaurant[];
  selection: ReadonlySet<string>;
  onToggleCell: (key: string) => void;
  onToggleKeys: (keys: string[]) => void;
}

const PlanLineRow = memo(function PlanLineRow({ index, row, restaurants, selection, onToggleCell, onToggleKeys }: RowProps) {
  const keys = rowCells(row, restaurants);
  const state = coverage(selection, keys);
  const cells = row.cells ?? [];
  const inMenu = cells.filter((c) => c.inMenu).length;
  const soldOut = cells.filter((c) => c.inMenu && c.soldOut).length;
  return (
    <TableRow hover aria-rowindex={index} sx={{ '&:hover td:first-of-type': { bgcolor: 'action.hover' } }}>
      <TableCell sx={{ ...sticky, height: ROW_HEIGHT, boxSizing: 'border-box', py: 0, pl: 1.5, zIndex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Checkbox
            size="small"
            checked={state === 'all'}
            indeterminate={state === 'some'}
            disabled={keys.length === 0}
            onChange={() => onToggleKeys(keys)}
            slotProps={{ input: { 'aria-label': `Sélectionner la ligne ${row.name}` } }}
            sx={{ p: 0.5 }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 500 }} title={row.name}>
              {row.name}
            </Typography>
            <Typography variant="caption" noWrap component="div" sx={{ color: 'text.secondary' }}>
              {row.kind === 'option' ? 'Option · ' : ''}
              {`Dans ${inMenu} sur ${restaurants.length}`}
              {soldOut > 0 && (
                <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
                  {` · ${soldOut} épuisé${soldOut > 1 ? 's' : ''}`}
                </Box>
              )}
            </Typography>
          </Box>
        </Box>
      </TableCell>
      {restaurants.map((x, i) => {
        const key = cellKey(x.id, row);
        return <PlanCellView key={x.id} cell={cells[i]} restaurant={x} rowName={row.name} selected={selection.has(key)} onToggle={() => onToggleCell(key)} />;
      })}
    </TableRow>
  );
});

function PlanCellView({
  cell,
  restaurant,
  rowName,
  selected,
  onToggle,
}: {
  cell: PlanCell | undefined;
  restaurant: PlanRestaurant;
  rowName: string;
  selected: boolean;
  onToggle: () => void;
}) {
  const state = cellState(cell);
  const label = cellLabel(cell);
  const absent = state === 'absent';
  return (
    <TableCell sx={{ p: 0.5, height: ROW_HEIGHT, boxSizing: 'border-box' }}>
      <ButtonBase
        disabled={absent}
        onClick={onToggle}
        aria-pressed={selected}
        aria-label={`${rowName} — ${restaurant.nom} : ${label}`}
        title={cell?.soldOut ? `${label} (par ${cell.soldOut.setBy || 'inconnu'})` : label}
        sx={(theme) => ({
          width: '100%',
          height: '100%',
          borderRadius: 1,
          px: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'flex-start',
          justifyContent: 'center',
          gap: 0.25,
          border: 1.5,
          borderColor: selected ? theme.palette.primary.main : 'transparent',
          bgcolor: selected ? alpha(theme.palette.primary.main, 0.1) : 'transparent',
          transition: 'background-color 120ms, border-color 120ms',
          '&:hover': { bgcolor: selected ? alpha(theme.palette.primary.main, 0.16) : theme.palette.action.hover },
          '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
        })}
      >
        <StateChip state={state} label={label} />
        {!absent && cell?.priceCents !== undefined && (
          <Typography variant="caption" sx={{ color: 'text.secondary', lineHeight: 1, pl: 0.5 }}>
            {money(cell.priceCents, restaurant.currency)}
          </Typography>
        )}
      </ButtonBase>
    </TableCell>
  );
}
