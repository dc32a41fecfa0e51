import { memo } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { Stack, Typography } from '@mui/material';
import { PriceGrid } from '../PriceGrid';
import { FormSwitch, Section, type TabProps } from './fields';
import { SizeTable } from './SizeTable';

/** 'Prix': the tariff × order type grid, and the size table of a many-size product. */
export const PricesTab = memo(function PricesTab({ control, disabled }: TabProps) {
  const manyType = useWatch({ control, name: 'many_type' });
  const manySize = useWatch({ control, name: 'many_size' });
  const sizeCount = useWatch({ control, name: 'sizes' }).length;
  // A refused size price is never hidden, even with a single size.
  const sizeErrors = Boolean(useFormState({ control, name: 'sizes' }).errors.sizes);
  return (
    <Stack spacing={3}>
      <Section title="Prix par tarif" hint="La virgule est acceptée (9,90) ; une case vide vaut 0.">
        <FormSwitch
          control={control}
          name="many_type"
          label="Un prix par type de commande"
          description="Sinon, le prix sur place vaut pour tous les types de commande."
          disabled={disabled}
        />
        <Stack sx={{ mt: 2 }}>
          <PriceGrid control={control} disabled={disabled} manyType={manyType} />
        </Stack>
      </Section>
      <Section title="Tailles" hint="Les libellés et l'affichage des tailles se règlent dans Mes Tailles.">
        <FormSwitch
          control={control}
          name="many_size"
          label="Plusieurs tailles"
          description="Le produit se vend en plusieurs tailles, chacune avec son prix."
          disabled={disabled}
        />
        {manySize || sizeErrors ? (
          <Stack sx={{ mt: 2 }}>
            <SizeTable control={control} count={sizeCount} disabled={disabled} />
          </Stack>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            Taille unique.
          </Typography>
        )}
      </Section>
    </Stack>
  );
});
