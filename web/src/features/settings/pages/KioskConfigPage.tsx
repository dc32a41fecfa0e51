import { Controller } from 'react-hook-form';
import { Box, Stack } from '@mui/material';
import { useSession } from '../../../app/session';
import { PageHeader } from '../../../components/PageHeader';
import { LabelledCheckbox } from '../../../components/LabelledCheckbox';
import { DeviceKioskConfig } from '../components/DeviceKioskConfig';
import { SettingsCard } from '../components/SettingsCard';
import { SettingsPage } from '../components/SettingsPage';
import { kioskResolver, kioskToForm, kioskToValue, type KioskForm } from '../schemas';
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
      {(body, reload) => <KioskEditor body={body} reload={reload} />}
    </SettingsPage>
  );
}

function KioskEditor({ body, reload }: { body: SettingsBody<'kiosk'>; reload: () => Promise<SettingsBody<'kiosk'>> }) {
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
