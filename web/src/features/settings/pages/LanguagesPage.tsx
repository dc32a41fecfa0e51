import { Controller } from 'react-hook-form';
import { Box, Radio, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import PublicRoundedIcon from '@mui/icons-material/PublicRounded';
import TranslateRoundedIcon from '@mui/icons-material/TranslateRounded';
import { EmptyState } from '../../../components/EmptyState';
import { Toggle } from '../../../components/Toggle';
import { SettingsCard } from '../components/SettingsCard';
import { SettingsPage } from '../components/SettingsPage';
import { countryFlag, countryName, languageFlag, withDefaultLanguage, withLanguageActive } from '../rules';
import { languagesResolver, languagesToForm, languagesToValue, type LanguagesForm } from '../schemas';
import type { SettingsBody } from '../types';
import { useSettingsEditor } from '../useSettingsEditor';

export const COUNTRY_HINT = 'La liste suit le pays de la franchise (Informations).';

const LANGUAGE_FIELDS = /^languages\.\d+(\.(code|label))?$/;

/** After a reload merge, the user's default choice wins and stays the only one. */
function settleLanguages(merged: LanguagesForm, mine: LanguagesForm): LanguagesForm {
  const chosen = mine.languages.find((l) => l.isDefault)?.code;
  return chosen ? { languages: withDefaultLanguage(merged.languages, chosen) } : merged;
}

/** 'Mes Langues': the languages of the cartes, which one is the default, and which are active. */
export function LanguagesPage() {
  return (
    <SettingsPage kind="languages" title="Mes Langues" subtitle="Les langues dans lesquelles vos cartes sont proposées, et la langue par défaut.">
      {(body, reload) => <LanguagesEditor body={body} reload={reload} />}
    </SettingsPage>
  );
}

function LanguagesEditor({ body, reload }: { body: SettingsBody<'languages'>; reload: () => Promise<SettingsBody<'languages'>> }) {
  const editor = useSettingsEditor<'languages', LanguagesForm>({
    kind: 'languages',
    body,
    reload,
    resolver: languagesResolver,
    toForm: languagesToForm,
    toValue: languagesToValue,
    fields: LANGUAGE_FIELDS,
    settle: settleLanguages,
  });
  const {
    control,
    formState: { errors },
  } = editor.form;
  const ro = editor.readOnly;
  const country = editor.base.value.country;
  const flag = countryFlag(country);
  const listError = errors.languages?.message ?? errors.languages?.root?.message;

  return (
    <SettingsCard
      editor={editor}
      title="Langues"
      description="La langue par défaut est toujours active. Les langues actives sont proposées aux clients sur les bornes et en ligne."
    >
      <Stack direction="row" spacing={1} sx={{ px: 3, pb: 2, alignItems: 'center', color: 'text.secondary' }}>
        {flag ? (
          <Box component="span" aria-hidden sx={{ fontSize: 18, lineHeight: 1 }}>
            {flag}
          </Box>
        ) : (
          <PublicRoundedIcon sx={{ fontSize: 18 }} />
        )}
        <Typography variant="body2">
          <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
            {country ? countryName(country) : 'Pays non renseigné'}
          </Box>
          {' · '}
          {COUNTRY_HINT}
        </Typography>
      </Stack>
      <Controller
        name="languages"
        control={control}
        render={({ field }) =>
          field.value.length === 0 ? (
            <EmptyState icon={<TranslateRoundedIcon />} message="Aucune langue configurée : vos cartes sont en français." />
          ) : (
            <TableContainer>
              <Table size="small" aria-label="Langues">
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ pl: 3 }}>Langue</TableCell>
                    <TableCell sx={{ width: 100 }}>Code</TableCell>
                    <TableCell align="center" sx={{ width: 120 }}>
                      Par défaut
                    </TableCell>
                    <TableCell align="center" sx={{ pr: 3, width: 120 }}>
                      Active
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {field.value.map((l, i) => {
                    const rowError = errors.languages?.[i];
                    const message = rowError?.code?.message ?? rowError?.label?.message ?? rowError?.message;
                    const languageFlagText = languageFlag(l.code);
                    return (
                      <TableRow key={l.code} selected={l.isDefault}>
                        <TableCell sx={{ pl: 3 }}>
                          <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
                            <Box aria-hidden sx={{ width: 24, fontSize: 18, lineHeight: 1, textAlign: 'center', color: 'text.secondary' }}>
                              {languageFlagText ?? <TranslateRoundedIcon sx={{ fontSize: 18 }} />}
                            </Box>
                            <Box>
                              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                                {l.label}
                              </Typography>
                              {message && (
                                <Typography variant="caption" role="alert" sx={{ color: 'error.main' }}>
                                  {message}
                                </Typography>
                              )}
                            </Box>
                          </Stack>
                        </TableCell>
                        <TableCell>
                          <Typography variant="body2" sx={{ color: 'text.secondary', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}>
                            {l.code}
                          </Typography>
                        </TableCell>
                        <TableCell align="center">
                          <Radio
                            name="default-language"
                            checked={l.isDefault}
                            disabled={ro}
                            onChange={() => field.onChange(withDefaultLanguage(field.value, l.code))}
                            slotProps={{ input: { 'aria-label': `${l.label} par défaut` } }}
                          />
                        </TableCell>
                        <TableCell align="center" sx={{ pr: 3 }}>
                          <Tooltip title={l.isDefault ? 'La langue par défaut est toujours active.' : ''}>
                            <Box component="span" sx={{ display: 'inline-flex' }}>
                              <Toggle
                                label={`${l.label} active`}
                                checked={l.isActive || l.isDefault}
                                disabled={ro || l.isDefault}
                                onChange={(active) => field.onChange(withLanguageActive(field.value, l.code, active))}
                              />
                            </Box>
                          </Tooltip>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )
        }
      />
      {listError && (
        <Typography variant="body2" role="alert" sx={{ px: 3, pt: 1, color: 'error.main' }}>
          {listError}
        </Typography>
      )}
      <Box sx={{ pb: 2 }} />
    </SettingsCard>
  );
}
