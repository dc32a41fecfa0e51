import { memo } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { FormText, type TabProps } from './fields';
import { DEFAULT_LANGUAGE, LANGUAGE_LABELS } from './productConstants';
import { useFranchiseLists } from '../../franchiseLists';

/** 'Traductions': name and descriptions per language other than the default one (product.translation[]). */
export const TranslationsTab = memo(function TranslationsTab({ control, disabled }: TabProps) {
  const { translationLanguages } = useFranchiseLists();
  return (
    <Stack spacing={2.5}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        La langue par défaut ({LANGUAGE_LABELS[DEFAULT_LANGUAGE]}) se saisit dans l'onglet Général. Une traduction vide reprend le texte par défaut.
      </Typography>
      {translationLanguages.length === 0 && (
        <Typography variant="body2">Aucune autre langue active : activez-en dans Mes Langues.</Typography>
      )}
      {translationLanguages.map((langue) => (
        <Box
          key={langue}
          component="section"
          aria-label={LANGUAGE_LABELS[langue] ?? langue}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
        >
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
            {LANGUAGE_LABELS[langue] ?? langue}{' '}
            <Typography component="span" variant="caption" sx={{ color: 'text.secondary', textTransform: 'uppercase' }}>
              {langue}
            </Typography>
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, columnGap: 2 }}>
            <FormText control={control} name={`translations.${langue}.name`} label="Nom" size="small" disabled={disabled} />
            <FormText control={control} name={`translations.${langue}.description`} label="Description" size="small" multiline maxRows={4} disabled={disabled} />
            <FormText
              control={control}
              name={`translations.${langue}.description_ubereat`}
              label="Description Uber Eats"
              size="small"
              multiline
              maxRows={4}
              disabled={disabled}
            />
          </Box>
        </Box>
      ))}
    </Stack>
  );
});
