import { memo } from 'react';
import { Box, Checkbox, Chip, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { ORDER_TYPES } from '../../documentTypes';
import { flagLabel, priceOf, productKey } from '../../catalogue';
import type { CatalogueProduct } from '../../types';
import { FlagCell } from './FlagCell';
import { PriceCell } from './PriceCell';
import { ProductThumb } from './ProductThumb';
import { useRowWindow } from '../../../../components/useRowWindow';

export const ROW_HEIGHT = 44;
const HEADER_HEIGHT = 48;

export interface ProductsTableProps {
  rows: readonly CatalogueProduct[];
  tariff: number;
  flagColumns: readonly string[];
  campaignNames: ReadonlyMap<number, string>;
  selected: ReadonlySet<string>;
  canEdit: boolean;
  onSelect: (key: string, on: boolean) => void;
  onSelectAll: (on: boolean) => void;
  onSavePrice: (product: CatalogueProduct, typeOrder: number, text: string) => Promise<boolean>;
  onToggleFlag: (product: CatalogueProduct, flag: string, on: boolean) => Promise<boolean>;
}

const cell = { py: 0, height: ROW_HEIGHT, boxSizing: 'border-box', whiteSpace: 'nowrap', fontSize: '0.875rem' } as const;
const head = { py: 1, height: HEADER_HEIGHT, whiteSpace: 'nowrap', fontWeight: 600, fontSize: '0.8rem', lineHeight: 1.2 } as const;

/** The product table of Mes Produits: sticky header, fixed-height rows, only the rows in view drawn. */
export function ProductsTable(props: ProductsTableProps) {
  const { rows, tariff, flagColumns, selected, canEdit, onSelectAll } = props;
  const win = useRowWindow(rows.length, ROW_HEIGHT, HEADER_HEIGHT);
  const selectedHere = rows.reduce((n, p) => n + (selected.has(productKey(p)) ? 1 : 0), 0);
  const colSpan = (canEdit ? 1 : 0) + 4 + ORDER_TYPES.length + flagColumns.length;

  return (
    <Box
      ref={win.ref}
      onScroll={win.onScroll}
      sx={{ height: 'calc(100vh - 360px)', minHeight: 420, overflow: 'auto', borderTop: 1, borderColor: 'divider' }}
    >
      <Table stickyHeader size="small" aria-label="Produits" aria-rowcount={rows.length + 1} sx={{ tableLayout: 'fixed', minWidth: 'max-content' }}>
        <TableHead>
          <TableRow>
            {canEdit && (
              <TableCell padding="checkbox" sx={{ ...head, width: 52 }}>
                <Checkbox
                  size="small"
                  checked={rows.length > 0 && selectedHere === rows.length}
                  indeterminate={selectedHere > 0 && selectedHere < rows.length}
                  onChange={(_, on) => onSelectAll(on)}
                  slotProps={{ input: { 'aria-label': 'Sélectionner les produits affichés' } }}
                />
              </TableCell>
            )}
            <TableCell sx={{ ...head, width: 52 }}>
              <Box component="span" sx={visuallyHidden}>
                Image
              </Box>
            </TableCell>
            <TableCell sx={{ ...head, width: 240 }}>Produit</TableCell>
            <TableCell sx={{ ...head, width: 160 }}>Catégorie</TableCell>
            <TableCell sx={{ ...head, width: 150 }}>Carte</TableCell>
            {ORDER_TYPES.map((o) => (
              <TableCell key={o.code} align="right" sx={{ ...head, width: 112 }}>
                {o.label}
                <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                  Tarif {tariff}
                </Typography>
              </TableCell>
            ))}
            {flagColumns.map((f) => (
              <TableCell key={f} align="center" sx={{ ...head, width: 104, whiteSpace: 'normal' }}>
                {flagLabel(f)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {win.padTop > 0 && (
            <TableRow aria-hidden>
              <TableCell colSpan={colSpan} sx={{ height: win.padTop, p: 0, border: 0 }} />
            </TableRow>
          )}
          {rows.slice(win.start, win.end).map((p, i) => {
            const key = productKey(p);
            return (
              <ProductRow
                key={key}
                index={win.start + i}
                product={p}
                tariff={tariff}
                flagColumns={flagColumns}
                carte={props.campaignNames.get(p.campaignId) ?? ''}
                checked={selected.has(key)}
                canEdit={canEdit}
                onSelect={props.onSelect}
                onSavePrice={props.onSavePrice}
                onToggleFlag={props.onToggleFlag}
              />
            );
          })}
          {win.padBottom > 0 && (
            <TableRow aria-hidden>
              <TableCell colSpan={colSpan} sx={{ height: win.padBottom, p: 0, border: 0 }} />
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

interface ProductRowProps {
  index: number;
  product: CatalogueProduct;
  tariff: number;
  flagColumns: readonly string[];
  carte: string;
  checked: boolean;
  canEdit: boolean;
  onSelect: ProductsTableProps['onSelect'];
  onSavePrice: ProductsTableProps['onSavePrice'];
  onToggleFlag: ProductsTableProps['onToggleFlag'];
}

const ProductRow = memo(function ProductRow({ index, product: p, tariff, flagColumns, carte, checked, canEdit, onSelect, onSavePrice, onToggleFlag }: ProductRowProps) {
  return (
    <TableRow hover selected={checked} aria-rowindex={index + 2} sx={{ height: ROW_HEIGHT }}>
      {canEdit && (
        <TableCell padding="checkbox" sx={cell}>
          <Checkbox
            size="small"
            checked={checked}
            onChange={(_, on) => onSelect(productKey(p), on)}
            slotProps={{ input: { 'aria-label': `Sélectionner ${p.name} (${carte})` } }}
          />
        </TableCell>
      )}
      <TableCell sx={{ ...cell, py: 0.25 }}>
        <ProductThumb path={p.path} name={p.name} />
      </TableCell>
      <TableCell sx={cell}>
        <Typography variant="body2" noWrap title={p.name} sx={{ fontWeight: 500 }}>
          {p.name}
        </Typography>
      </TableCell>
      <TableCell sx={cell}>
        <Typography variant="body2" noWrap title={p.category} sx={{ color: 'text.secondary' }}>
          {p.category || '—'}
        </Typography>
      </TableCell>
      <TableCell sx={cell}>
        <Tooltip title={carte}>
          <Chip size="small" label={carte} variant="outlined" sx={{ maxWidth: '100%', height: 22, fontSize: '0.75rem' }} />
        </Tooltip>
      </TableCell>
      {ORDER_TYPES.map((o) => (
        <TableCell key={o.code} align="right" sx={{ ...cell, px: 0.5 }}>
          <PriceCell
            value={priceOf(p, tariff, o.code)}
            label={`Prix ${o.label} T${tariff} : ${p.name}`}
            canEdit={canEdit}
            onSave={(text) => onSavePrice(p, o.code, text)}
          />
        </TableCell>
      ))}
      {flagColumns.map((f) => (
        <TableCell key={f} align="center" sx={{ ...cell, px: 0.5 }}>
          <FlagCell checked={Boolean(p.flags[f])} label={`${flagLabel(f)} : ${p.name}`} canEdit={canEdit} onToggle={(on) => onToggleFlag(p, f, on)} />
        </TableCell>
      ))}
    </TableRow>
  );
});
