import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormGroup,
  FormHelperText,
  FormLabel,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { DateField } from '../../../components/DateField';
import { LabelledCheckbox } from '../../../components/LabelledCheckbox';
import { applyServerErrors } from '../../../components/serverErrors';
import { todayIn } from '../../../components/periods';
import { useToast } from '../../../components/Toast';
import { noticeDate, paragraphs, safeUrl } from '../../notices/format';
import { noticeKeys } from '../../notices/queries';
import { saveNoticeMutation } from '../queries';
import { noticeBody, noticeFieldNames, noticeFormValues, noticeRoles, noticeSchema, type NoticeForm } from '../schemas';
import type { NoticeOut } from '../types';

export const PUBLISH_NOTICE_LABEL = 'Publier une nouveauté';
export const NOTICE_PUBLISHED = 'La nouveauté est publiée.';
export const NOTICE_SAVED = 'La nouveauté est enregistrée.';

export interface NoticeDialogProps {
  /** The notice being edited; none to publish a new one. */
  notice?: NoticeOut;
  onClose: () => void;
}

/**
 * Writes a notice, with a preview of how users read it. Mount it only while open. A refusal keeps
 * what was typed and puts the server's message under its field.
 */
export function NoticeDialog({ notice, onClose }: NoticeDialogProps) {
  const id = useId();
  const client = useQueryClient();
  const toast = useToast();
  const [banner, setBanner] = useState<string | null>(null);
  // The date the super-admin's users read: today in France, where Brigade's support works.
  const [today] = useState(() => todayIn('Europe/Paris'));
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<NoticeForm>({ resolver: zodResolver(noticeSchema), defaultValues: noticeFormValues(today, notice) });

  const save = useMutation({
    ...saveNoticeMutation(),
    onSuccess: () => {
      // The admin list and every feed (the super-admin's own bell included).
      void client.invalidateQueries({ queryKey: noticeKeys.all });
      toast.success(notice ? NOTICE_SAVED : NOTICE_PUBLISHED);
      onClose();
    },
    onError: (error) => setBanner(applyServerErrors<NoticeForm>(error, noticeFieldNames, setError) ? null : error.detail),
  });
  const close = () => {
    if (!save.isPending) onClose();
  };

  const values = watch();
  const busy = save.isPending;

  return (
    <Dialog open onClose={close} maxWidth="lg" fullWidth aria-labelledby={`${id}-title`} scroll="paper">
      <DialogTitle id={`${id}-title`} sx={{ pb: 0.5 }}>
        {notice ? 'Modifier la nouveauté' : PUBLISH_NOTICE_LABEL}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
          Elle apparaît dans la cloche des nouveautés des utilisateurs choisis, non lue jusqu’à ce qu’ils l’ouvrent.
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 7fr) minmax(0, 5fr)' }, gap: 3, pt: 1.5 }}>
          <Box
            component="form"
            id={`${id}-form`}
            noValidate
            onSubmit={handleSubmit((v) => {
              setBanner(null);
              save.mutate({ id: notice?.id, body: noticeBody(v) });
            })}
            sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
          >
            {banner && (
              <Alert severity="error" role="alert">
                {banner}
              </Alert>
            )}
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 200px' }, gap: 2 }}>
              <TextField
                label="Titre"
                required
                autoFocus
                fullWidth
                disabled={busy}
                error={Boolean(errors.title)}
                helperText={errors.title?.message ?? ' '}
                {...register('title')}
              />
              <Controller
                name="date"
                control={control}
                render={({ field }) => (
                  <DateField
                    label="Date de publication"
                    value={field.value}
                    onChange={field.onChange}
                    size="medium"
                    fullWidth
                    required
                    disabled={busy}
                    error={Boolean(errors.date)}
                    helperText={errors.date?.message ?? ' '}
                  />
                )}
              />
            </Box>
            <TextField
              label="Résumé"
              fullWidth
              multiline
              minRows={2}
              disabled={busy}
              error={Boolean(errors.shortDescription)}
              helperText={errors.shortDescription?.message ?? 'Une ou deux phrases, affichées sous le titre.'}
              {...register('shortDescription')}
            />
            <TextField
              label="Texte"
              fullWidth
              multiline
              minRows={6}
              maxRows={14}
              disabled={busy}
              error={Boolean(errors.content)}
              helperText={errors.content?.message ?? 'Séparez les paragraphes par une ligne vide.'}
              {...register('content')}
            />
            <TextField
              label={'Lien «\u00a0En savoir plus\u00a0»'}
              fullWidth
              type="url"
              placeholder="https://"
              disabled={busy}
              error={Boolean(errors.contentUrl)}
              helperText={errors.contentUrl?.message ?? 'Facultatif\u00a0: une page d’aide ou une vidéo.'}
              {...register('contentUrl')}
            />
            <Controller
              name="roles"
              control={control}
              render={({ field }) => (
                <FormControl component="fieldset" error={Boolean(errors.roles)} disabled={busy}>
                  <FormLabel component="legend" sx={{ typography: 'body2', fontWeight: 600, mb: 0.5 }}>
                    Destinataires
                  </FormLabel>
                  <FormGroup row sx={{ columnGap: 3 }}>
                    {noticeRoles.map(({ role, label }) => (
                      <LabelledCheckbox
                        key={role}
                        label={label}
                        checked={field.value.includes(role)}
                        disabled={busy}
                        onChange={(on) =>
                          field.onChange(on ? noticeRoles.map((r) => r.role).filter((r) => r === role || field.value.includes(r)) : field.value.filter((r) => r !== role))
                        }
                      />
                    ))}
                  </FormGroup>
                  <FormHelperText sx={{ mx: 0 }}>{errors.roles?.message ?? 'Les comptes de ces rôles, dans toutes les franchises.'}</FormHelperText>
                </FormControl>
              )}
            />
            <TextField
              label="Domaine"
              fullWidth
              disabled={busy}
              placeholder="Tous les domaines"
              error={Boolean(errors.domaineName)}
              helperText={errors.domaineName?.message ?? 'Vide\u00a0: tous. Sinon, l’hôte du back-office visé (par exemple backoffice.brigade.fr).'}
              slotProps={{ htmlInput: { spellCheck: false } }}
              {...register('domaineName')}
            />
          </Box>
          <NoticePreview values={values} />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button color="inherit" onClick={close} disabled={busy}>
          Annuler
        </Button>
        <Button type="submit" form={`${id}-form`} variant="contained" loading={busy}>
          {notice ? 'Enregistrer' : 'Publier'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The notice as its page (/config/NotificationDetails/…) will show it, as it is being typed. */
export function NoticePreview({ values }: { values: Pick<NoticeForm, 'title' | 'date' | 'shortDescription' | 'content' | 'contentUrl'> }) {
  const link = safeUrl(values.contentUrl);
  const texts = paragraphs(values.content);
  return (
    <Box component="aside" aria-label="Aperçu" sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, color: 'text.secondary' }}>
        <VisibilityOutlinedIcon sx={{ fontSize: 18 }} aria-hidden />
        <Typography variant="overline" component="h3" sx={{ lineHeight: 1.5 }}>
          Aperçu
        </Typography>
      </Stack>
      <Card variant="outlined" sx={{ p: 3, bgcolor: 'background.default', position: { md: 'sticky' }, top: 0 }} data-testid="notice-preview">
        <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
          {values.date ? `Publiée ${noticeDate(values.date)}` : 'Date de publication à choisir'}
        </Typography>
        <Typography variant="h6" component="p" sx={{ fontWeight: 700, mb: 1, color: values.title.trim() ? 'text.primary' : 'text.disabled', overflowWrap: 'anywhere' }}>
          {values.title.trim() || 'Titre de la nouveauté'}
        </Typography>
        {values.shortDescription.trim() && (
          <Typography variant="subtitle2" component="p" sx={{ fontWeight: 600, mb: 1.5, overflowWrap: 'anywhere' }}>
            {values.shortDescription.trim()}
          </Typography>
        )}
        <Stack spacing={1.5}>
          {texts.length > 0 ? (
            texts.map((text, i) => (
              <Typography key={i} variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {text}
              </Typography>
            ))
          ) : (
            <Typography variant="body2" sx={{ color: 'text.disabled' }}>
              Le texte de la nouveauté s’affiche ici, paragraphe par paragraphe.
            </Typography>
          )}
        </Stack>
        {link && (
          <Link href={link} target="_blank" rel="noopener noreferrer" sx={{ mt: 2, display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}>
            En savoir plus
            <OpenInNewRoundedIcon sx={{ fontSize: 16 }} aria-hidden />
          </Link>
        )}
      </Card>
    </Box>
  );
}
