import { memo } from 'react';
import { Box, Stack } from '@mui/material';
import { FormSwitch, Section, type TabProps } from './fields';
import { FLAG_GROUPS } from './productConstants';

/** 'Disponibilité': where the product shows, whether it is sold out, how it is promoted and sold. */
export const AvailabilityTab = memo(function AvailabilityTab({ control, disabled }: TabProps) {
  return (
    <Stack spacing={3}>
      {FLAG_GROUPS.map((group) => (
        <Section key={group.title} title={group.title} hint={group.hint}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' }, columnGap: 2, rowGap: 0.5 }}>
            {group.flags.map((f) => (
              <FormSwitch key={f.key} control={control} name={`flags.${f.key}`} label={f.label} disabled={disabled} />
            ))}
          </Box>
        </Section>
      ))}
    </Stack>
  );
});
