import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import { Box, MenuItem, Stack } from '@mui/material';
import type { MenuCategory } from '../../documentTypes';
import { FormSwitch, FormText, Section, type TabProps } from './fields';
import { PRICE_TYPES, UNITS } from './productConstants';
import { useFranchiseCurrency } from '../../../reports/components/useCurrency';
import { currencySymbol } from '../../../reports/format';

const twoColumns = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 } as const;

/** 'Général': names, descriptions, category, purchase price, bar code, weight and unit. */
export const GeneralTab = memo(function GeneralTab({ control, disabled, categories }: TabProps & { categories: readonly MenuCategory[] }) {
  const symbol = currencySymbol(useFranchiseCurrency());
  const hasBarCode = useWatch({ control, name: 'has_bar_code' });
  const roots = categories.filter((c) => c.parent_id === -1).sort((a, b) => a.position - b.position);
  const childrenOf = (c: MenuCategory) => categories.filter((s) => s.parent_id === c.idCat).sort((a, b) => a.position - b.position);
  return (
    <Stack spacing={3}>
      <Section title="Identité">
        <Box sx={twoColumns}>
          <FormText control={control} name="name" label="Nom du produit" required disabled={disabled} />
          <FormText control={control} name="alias_product" label="Alias" helperText="Nom court, pour la caisse et les tickets." disabled={disabled} />
        </Box>
        <FormText control={control} name="idCat" label="Catégorie" select required fullWidth disabled={disabled}>
          {roots.flatMap((c) => [
            <MenuItem key={c.idGlobal} value={String(c.idCat)}>
              {c.name}
            </MenuItem>,
            ...childrenOf(c).map((s) => (
              <MenuItem key={s.idGlobal} value={String(s.idCat)} sx={{ pl: 4 }}>
                {s.name}
              </MenuItem>
            )),
          ])}
        </FormText>
      </Section>
      <Section title="Descriptions">
        <Stack>
          <FormText control={control} name="description" label="Description" multiline minRows={3} disabled={disabled} />
          <FormText
            control={control}
            name="description_ubereat"
            label="Description Uber Eats"
            helperText="Affichée sur Uber Eats à la place de la description."
            multiline
            minRows={2}
            disabled={disabled}
          />
        </Stack>
      </Section>
      <Section title="Gestion">
        <Box sx={twoColumns}>
          <FormText
            control={control}
            name="purchase_price"
            label="Prix d'achat"
            placeholder="0,00"
            suffix={symbol}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            disabled={disabled}
          />
          <FormText control={control} name="price_type" label="Type de prix" select disabled={disabled}>
            {PRICE_TYPES.map((t) => (
              <MenuItem key={t.value} value={t.value}>
                {t.label}
              </MenuItem>
            ))}
          </FormText>
          <FormText control={control} name="weight" label="Poids / quantité" placeholder="0" slotProps={{ htmlInput: { inputMode: 'decimal' } }} disabled={disabled} />
          <FormText control={control} name="unit" label="Unité" select disabled={disabled}>
            {UNITS.map((u) => (
              <MenuItem key={u.value} value={u.value}>
                {u.label}
              </MenuItem>
            ))}
          </FormText>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Box sx={{ pt: 1, minWidth: 200 }}>
            <FormSwitch control={control} name="has_bar_code" label="Code-barres" disabled={disabled} />
          </Box>
          <FormText
            control={control}
            name="bar_code"
            label="Code-barres (EAN)"
            sx={{ flex: 1 }}
            disabled={disabled || !hasBarCode}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Stack>
      </Section>
    </Stack>
  );
});
