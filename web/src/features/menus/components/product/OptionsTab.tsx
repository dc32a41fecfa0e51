import { memo, useCallback, useDeferredValue, useId, useMemo, useState } from 'react';
import { Box, Checkbox, Chip, IconButton, Stack, Typography } from '@mui/material';
import ArrowUpwardRoundedIcon from '@mui/icons-material/ArrowUpwardRounded';
import ArrowDownwardRoundedIcon from '@mui/icons-material/ArrowDownwardRounded';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import { SearchBar } from '../../../../components/SearchBar';
import { Tooltip } from '../../../../components/Tooltip';
import type { OptionGroup } from '../../documentTypes';
import { Section } from './fields';
import {
  groupChoices,
  linkRows,
  matches,
  missingGroupLabel,
  missingPromotionLabel,
  moveId,
  promotionChoices,
  toggleId,
  type LinkChoice,
  type LinkKey,
  type LinkRow,
  type MissingLabel,
  type ProductLinks,
  type PromotionRef,
} from './productLinks';

/** Above this many elements, a section gets a search box. */
const SEARCH_FROM = 9;

export interface OptionsTabProps {
  links: ProductLinks;
  /** Changes one link's ids from their current value. */
  onChange: (key: LinkKey, update: (ids: readonly number[]) => number[]) => void;
  /** The carte's option groups (document.options), removed ones included. */
  groups: readonly OptionGroup[];
  /** The carte's promotions (document.promotions), removed ones included. */
  promotions: readonly PromotionRef[];
  disabled: boolean;
}

/** 'Options': the option groups, ingredient groups and promotions of the product, in the kiosk's order. */
export const OptionsTab = memo(function OptionsTab({ links, onChange, groups, promotions, disabled }: OptionsTabProps) {
  const optionChoices = useMemo(() => groupChoices(groups, false), [groups]);
  const ingredientChoices = useMemo(() => groupChoices(groups, true), [groups]);
  const promotionList = useMemo(() => promotionChoices(promotions), [promotions]);
  const missingOption = useMemo(() => missingGroupLabel(groups, false), [groups]);
  const missingIngredient = useMemo(() => missingGroupLabel(groups, true), [groups]);
  const missingPromotion = useMemo(() => missingPromotionLabel(promotions), [promotions]);

  return (
    <Stack spacing={3}>
      <LinkSection
        linkKey="options"
        title="Catégories d'options"
        hint="Les choix proposés avec le produit (sauces, cuissons…). Les catégories cochées s'affichent sur la borne dans cet ordre."
        thing="une catégorie d'options"
        empty="Aucune catégorie d'options dans cette carte : créez-en dans l'onglet Catégories d'options."
        choices={optionChoices}
        chosen={links.options}
        missing={missingOption}
        onChange={onChange}
        disabled={disabled}
      />
      <LinkSection
        linkKey="ingredients"
        title="Ingrédients"
        hint="Les catégories d'ingrédients que le client peut retirer ou ajouter, dans cet ordre."
        thing="une catégorie d'ingrédients"
        empty="Aucune catégorie d'ingrédients dans cette carte : créez-en dans l'onglet Catégories d'options."
        choices={ingredientChoices}
        chosen={links.ingredients}
        missing={missingIngredient}
        onChange={onChange}
        disabled={disabled}
      />
      <LinkSection
        linkKey="promotions"
        title="Promotions"
        hint="Les promotions qui s'appliquent au produit."
        thing="une promotion"
        empty="Aucune promotion dans cette carte : créez-en dans l'onglet Promotions."
        choices={promotionList}
        chosen={links.promotions}
        missing={missingPromotion}
        onChange={onChange}
        disabled={disabled}
      />
    </Stack>
  );
});

interface LinkSectionProps {
  linkKey: LinkKey;
  title: string;
  hint: string;
  thing: string;
  empty: string;
  choices: readonly LinkChoice[];
  chosen: readonly number[];
  missing: MissingLabel;
  onChange: OptionsTabProps['onChange'];
  disabled: boolean;
}

const LinkSection = memo(function LinkSection({ linkKey, title, hint, thing, empty, choices, chosen, missing, onChange, disabled }: LinkSectionProps) {
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const rows = useMemo(() => linkRows(choices, chosen, missing), [choices, chosen, missing]);
  const others = useMemo(() => rows.others.filter((r) => matches(r, query)), [rows.others, query]);
  const toggle = useCallback((id: number, on: boolean) => onChange(linkKey, (ids) => toggleId(ids, id, on)), [linkKey, onChange]);
  const move = useCallback((id: number, direction: -1 | 1) => onChange(linkKey, (ids) => moveId(ids, id, direction)), [linkKey, onChange]);
  const searchable = choices.length >= SEARCH_FROM;

  return (
    <Section
      title={title}
      hint={
        <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <span>{hint}</span>
          {chosen.length > 0 && <Chip component="span" size="small" variant="outlined" label={`${chosen.length} ${chosen.length > 1 ? 'cochées' : 'cochée'}`} />}
        </Box>
      }
    >
      {searchable && (
        <Box sx={{ mb: 1, maxWidth: 420 }}>
          <SearchBar thing={thing} value={search} onChange={setSearch} />
        </Box>
      )}
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
        {rows.chosen.length > 0 && (
          <Box role="list" aria-label={`${title} cochées`}>
            {rows.chosen.map((row, i) => (
              <LinkRowItem
                key={row.id}
                row={row}
                checked
                rank={i + 1}
                first={i === 0}
                last={i === rows.chosen.length - 1}
                disabled={disabled}
                onToggle={toggle}
                onMove={move}
              />
            ))}
          </Box>
        )}
        {others.length > 0 && (
          <Box role="list" aria-label={`${title} disponibles`} sx={{ bgcolor: rows.chosen.length > 0 ? 'action.hover' : undefined }}>
            {others.map((row) => (
              <LinkRowItem key={row.id} row={row} checked={false} disabled={disabled} onToggle={toggle} onMove={move} />
            ))}
          </Box>
        )}
        {choices.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', px: 2, py: 1.5 }}>
            {empty}
          </Typography>
        ) : (
          others.length === 0 &&
          rows.others.length > 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary', px: 2, py: 1.5 }}>
              Aucun résultat pour « {query.trim()} ».
            </Typography>
          )
        )}
      </Box>
    </Section>
  );
});

interface LinkRowItemProps {
  row: LinkRow;
  checked: boolean;
  /** Place among the chosen ones (1 = first on the kiosk). */
  rank?: number;
  first?: boolean;
  last?: boolean;
  disabled: boolean;
  onToggle: (id: number, on: boolean) => void;
  onMove: (id: number, direction: -1 | 1) => void;
}

const LinkRowItem = memo(function LinkRowItem({ row, checked, rank, first, last, disabled, onToggle, onMove }: LinkRowItemProps) {
  const captionId = useId();
  return (
    <Stack
      role="listitem"
      direction="row"
      sx={{ alignItems: 'center', gap: 1, px: 1, py: 0.25, minHeight: 48, '& + &': { borderTop: 1, borderColor: 'divider' } }}
    >
      <Box
        component="label"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flex: 1, minWidth: 0, cursor: disabled ? 'default' : 'pointer' }}
      >
        <Checkbox
          size="small"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onToggle(row.id, e.target.checked)}
          slotProps={{ input: { 'aria-label': row.name, 'aria-describedby': row.caption ? captionId : undefined } }}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="body2"
            noWrap
            sx={{
              fontWeight: checked ? 500 : 400,
              color: row.missing ? 'warning.dark' : disabled ? 'text.secondary' : 'text.primary',
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
            }}
          >
            {row.missing && <WarningAmberRoundedIcon sx={{ fontSize: 16 }} aria-hidden />}
            {rank !== undefined && (
              <Box component="span" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
                {rank}.
              </Box>
            )}
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {row.name}
            </Box>
          </Typography>
          {row.caption && (
            <Typography id={captionId} variant="caption" noWrap component="div" sx={{ color: 'text.secondary' }}>
              {row.caption}
            </Typography>
          )}
        </Box>
      </Box>
      {checked && !disabled && (
        <Stack direction="row" sx={{ flexShrink: 0 }}>
          <Tooltip title="Monter">
            <IconButton size="small" aria-label={`Monter ${row.name}`} disabled={first} onClick={() => onMove(row.id, -1)}>
              <ArrowUpwardRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Descendre">
            <IconButton size="small" aria-label={`Descendre ${row.name}`} disabled={last} onClick={() => onMove(row.id, 1)}>
              <ArrowDownwardRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      )}
    </Stack>
  );
});
