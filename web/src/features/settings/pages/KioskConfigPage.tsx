import { Controller, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Box, Stack, TextField, Typography } from '@mui/material';
import { useSession } from '../../../app/session';
import { PageHeader } from '../../../components/PageHeader';
import { LabelledCheckbox } from '../../../components/LabelledCheckbox';
import { DeviceKioskConfig } from '../components/DeviceKioskConfig';
import { SettingsCard } from '../components/SettingsCard';
import { SettingsPage } from '../components/SettingsPage';
import { colorsResolver, colorsToForm, colorsToValue, kioskResolver, kioskToForm, kioskToValue, type ColorsForm, type KioskForm } from '../schemas';
import { settingsQuery } from '../queries';
import type { SettingsBody } from '../types';
import { useSettingsEditor } from '../useSettingsEditor';

// Spec §2, verbatim.
export const KIOSK_SAVED = 'Parametres Borne mises à jour avec succès !';
export const KIOSK_SAVE_FAILED = 'Erreur de mise à jour des Parametres Borne !';

const FLAGS: readonly { name: keyof KioskForm; label: string; description: string }[] = [
  { name: 'hide_name_categories', label: 'Masquer le nom des catégories', description: 'Les catégories ne montrent que leur image.' },
  { name: 'hide_name_sub_categories', label: 'Masquer le nom des sous-catégories', description: 'Les sous-catégories ne montrent que leur image.' },
  { name: 'hide_name_products', label: 'Masquer le nom des produits', description: 'Les produits ne montrent que leur image et leur prix.' },
  { name: 'hide_name_options', label: 'Masquer le nom des options', description: 'Les options ne montrent que leur image.' },
];

const TITLE = 'Paramètres Borne';
const SUBTITLE = 'Ce que les bornes de vos restaurants affichent sur la carte : masquez les noms quand les images suffisent.';

/** 'Paramètres Borne': the general configuration of the franchise's kiosks (the four hide-name flags). */
export function KioskConfigPage() {
  const session = useSession();
  if (!session) return <SignedOut />;
  return (
    <SettingsPage kind="kiosk" title={TITLE} subtitle={SUBTITLE}>
      {(body, reload) => (
        <Stack spacing={3}>
          <KioskEditor body={body} reload={reload} />
          <ColorsSection />
        </Stack>
      )}
    </SettingsPage>
  );
}

/**
 * The four hide-name flags of the franchise's kiosk parameters ('Sauvegarder' until they exist,
 * 'Appliquer' after). Shared with the 'Configuration générale' tab of Configuration Caisse, so both
 * screens edit the same record the same way.
 */
export function KioskEditor({ body, reload }: { body: SettingsBody<'kiosk'>; reload: () => Promise<SettingsBody<'kiosk'>> }) {
  const editor = useSettingsEditor<'kiosk', KioskForm>({
    kind: 'kiosk',
    body,
    reload,
    resolver: kioskResolver,
    toForm: kioskToForm,
    toValue: kioskToValue,
    fields: /^hide_name_\w+$/,
    messages: { success: KIOSK_SAVED, failure: KIOSK_SAVE_FAILED },
  });
  const { control } = editor.form;
  return (
    <SettingsCard
      editor={editor}
      title="Configuration générale"
      description="S'applique à toutes les bornes de la franchise dès leur prochaine lecture des paramètres."
      // No configuration yet: the first save creates it; afterwards it is applied (spec §2).
      saveLabel={editor.base.version === 0 ? 'Sauvegarder' : 'Appliquer'}
    >
      <Box sx={{ px: 3, pb: 3 }}>
        <Stack spacing={1.5}>
          {FLAGS.map((flag) => (
            <Controller
              key={flag.name}
              name={flag.name}
              control={control}
              render={({ field }) => (
                <LabelledCheckbox
                  name={flag.name}
                  label={flag.label}
                  description={flag.description}
                  checked={field.value}
                  disabled={editor.readOnly}
                  onChange={field.onChange}
                />
              )}
            />
          ))}
        </Stack>
      </Box>
    </SettingsCard>
  );
}

/** The route opens without a session (a technician at the kiosk): an equipment key of the franchise is then the credential. */
function SignedOut() {
  return (
    <PageHeader title={TITLE} subtitle={SUBTITLE} breadcrumbs={[{ label: 'Accueil', to: '/' }, { label: TITLE }]}>
      <DeviceKioskConfig saved={KIOSK_SAVED} failed={KIOSK_SAVE_FAILED} />
    </PageHeader>
  );
}

const COLORS: readonly { name: keyof ColorsForm; label: string }[] = [
  { name: 'primary', label: 'Couleur principale' },
  { name: 'secondary', label: 'Couleur secondaire' },
  { name: 'background', label: 'Fond' },
  { name: 'text', label: 'Texte' },
  { name: 'button', label: 'Boutons' },
  { name: 'buttonText', label: 'Texte des boutons' },
];

/** The kiosks' colours (colors_borne), with a preview of a kiosk tile. */
function ColorsSection() {
  const query = useQuery(settingsQuery('colors'));
  if (!query.data) return null;
  const reload = async () => {
    const r = await query.refetch();
    if (!r.data) throw r.error;
    return r.data;
  };
  return <ColorsEditor body={query.data} reload={reload} />;
}

function ColorsEditor({ body, reload }: { body: SettingsBody<'colors'>; reload: () => Promise<SettingsBody<'colors'>> }) {
  const editor = useSettingsEditor<'colors', ColorsForm>({
    kind: 'colors',
    body,
    reload,
    resolver: colorsResolver,
    toForm: colorsToForm,
    toValue: colorsToValue,
    fields: /^(primary|secondary|background|text|button|buttonText)$/,
  });
  const { control } = editor.form;
  const c = useWatch({ control });
  return (
    <SettingsCard editor={editor} title="Couleurs de la borne" description="Les couleurs des écrans de commande de vos bornes.">
      <Box sx={{ px: 3, pb: 3, display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 260px' }, gap: 3 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {COLORS.map((col) => (
            <Controller
              key={col.name}
              name={col.name}
              control={control}
              render={({ field, fieldState }) => (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <Box
                    component="input"
                    type="color"
                    aria-label={`${col.label} (nuancier)`}
                    value={/^#[0-9A-Fa-f]{6}$/.test(field.value) ? field.value : '#000000'}
                    disabled={editor.readOnly}
                    onChange={(e: React.ChangeEvent<HTMLInputElement>) => field.onChange(e.target.value.toUpperCase())}
                    sx={{ width: 44, height: 40, p: 0, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'transparent', cursor: 'pointer' }}
                  />
                  <TextField
                    size="small"
                    label={col.label}
                    value={field.value}
                    onChange={field.onChange}
                    disabled={editor.readOnly}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? ' '}
                    fullWidth
                  />
                </Stack>
              )}
            />
          ))}
        </Box>
        <Box aria-label="Aperçu de la borne" sx={{ borderRadius: 3, overflow: 'hidden', border: 1, borderColor: 'divider', bgcolor: c.background }}>
          <Box sx={{ bgcolor: c.primary, color: c.buttonText, px: 2, py: 1.5, fontWeight: 700 }}>Brigade Burger</Box>
          <Stack spacing={1} sx={{ p: 2 }}>
            <Typography sx={{ color: c.text, fontWeight: 600 }}>Le Classique</Typography>
            <Typography variant="body2" sx={{ color: c.secondary }}>9,90 €</Typography>
            <Box sx={{ bgcolor: c.button, color: c.buttonText, borderRadius: 2, py: 1, textAlign: 'center', fontWeight: 600 }}>Ajouter</Box>
          </Stack>
        </Box>
      </Box>
    </SettingsCard>
  );
}
