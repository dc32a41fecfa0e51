import { useId, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Controller, useForm, useFormState, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, Chip, Stack, TextField, Typography } from '@mui/material';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import SaveRoundedIcon from '@mui/icons-material/SaveRounded';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import { ApiError, errorMessage } from '../../../api/client';
import { PageHeader } from '../../../components/PageHeader';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { EmptyState } from '../../../components/EmptyState';
import { useToast } from '../../../components/Toast';
import { toastSaveError } from '../../../components/saveError';
import { NotFoundPage } from '../../auth/pages/NotFoundPage';
import { ORDER_TYPES, type MenuDocument } from '../../menus/documentTypes';
import { campaignsQuery, documentQuery, documentSaved, menuKeys, saveDocumentMutation } from '../../menus/queries';
import { SAVE_FAILED, SAVE_SUCCESS } from '../../menus/texts';
import { useCanEdit } from '../../menus/useCanEdit';
import { ScheduleEditor } from '../components/ScheduleEditor';
import { TagImageField } from '../components/TagImageField';
import { parseTagParams, tagsListPath } from '../paths';
import { formOf, tagSchema, valuesOf, type TagForm } from '../schemas';
import { addTag, updateTag, duplicateMessage, duplicateOf, findTag, newTagValues, placeTagErrors, tagValues, type MenuTag } from '../tagEdits';

export const TAG_NOT_FOUND = 'Ce tag est introuvable dans cette carte : il a peut-être été supprimé.';

/** The route '/config/tagsDetails/:params', params being '{carte}&{idTag}' or '{carte}&new'. */
export function TagDetailsPage() {
  const { params } = useParams();
  const parsed = parseTagParams(params);
  if (!parsed) return <NotFoundPage />;
  return <TagDetails key={params} campaignId={parsed.campaignId} idTag={parsed.idTag} />;
}

export function TagDetails({ campaignId, idTag }: { campaignId: number; idTag: number | 'new' }) {
  const navigate = useNavigate();
  const campaigns = useQuery(campaignsQuery());
  const doc = useQuery(documentQuery(campaignId));
  const carte = campaigns.data?.find((c) => c.id === campaignId);
  const isNew = idTag === 'new';
  const title = isNew ? 'Nouveau tag' : 'Détails du tag';
  // The tag as first read: the form keeps what the user types even when the document is reloaded.
  const [tag, setTag] = useState<MenuTag | null | undefined>(undefined);
  const current = doc.data && !isNew ? (findTag(doc.data.document, idTag) ?? null) : null;
  if (tag === undefined && doc.data && !isNew && current) setTag(current);

  const back = () => void navigate(tagsListPath(campaignId));
  const breadcrumbs = [{ label: 'Accueil', to: '/' }, { label: 'Mes Tags', to: tagsListPath(campaignId) }, { label: title }];

  let body;
  if (doc.isPending) body = <LoadingPanel minHeight={360} />;
  else if (!doc.data)
    // A failed refetch keeps the data (and the form with what was typed); only a first read fails here.
    body = (
      <Card sx={{ p: 3 }}>
        <ErrorBlock
          message={doc.error instanceof ApiError && doc.error.status === 404 ? doc.error.detail : undefined}
          onRetry={() => void doc.refetch()}
          retrying={doc.isFetching}
        />
      </Card>
    );
  else if (!isNew && !tag)
    body = (
      <Card>
        <EmptyState
          icon={<LocalOfferOutlinedIcon />}
          message={TAG_NOT_FOUND}
          action={
            <Button variant="outlined" onClick={back}>
              Retour à Mes Tags
            </Button>
          }
        />
      </Card>
    );
  else body = <TagFormView campaignId={campaignId} document={doc.data.document} version={doc.data.version} tag={tag ?? null} onDone={back} />;

  return (
    <PageHeader
      title={title}
      subtitle={carte ? `Carte « ${carte.nom} »` : undefined}
      breadcrumbs={breadcrumbs}
    >
      {body}
    </PageHeader>
  );
}

function Unsaved({ control }: { control: Control<TagForm> }) {
  const { isDirty } = useFormState({ control });
  return isDirty ? <Chip size="small" color="warning" variant="outlined" label="Modifications non enregistrées" /> : null;
}

interface TagFormViewProps {
  campaignId: number;
  /** The latest document read: a save applies the form to it, at its version. */
  document: MenuDocument;
  version: number;
  /** The tag edited, or null for a new one. */
  tag: MenuTag | null;
  onDone: () => void;
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Card sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {hint}
        </Typography>
      )}
      {!hint && <Box sx={{ mb: 2 }} />}
      {children}
    </Card>
  );
}

function TagFormView({ campaignId, document, version, tag, onDone }: TagFormViewProps) {
  const client = useQueryClient();
  const toast = useToast();
  const canEdit = useCanEdit();
  const formId = useId();
  const [defaults] = useState(() => formOf(tag ? tagValues(tag) : newTagValues(document)));
  const form = useForm<TagForm>({ resolver: zodResolver(tagSchema), defaultValues: defaults });
  const { control, setError, getValues, setValue } = form;
  const [banner, setBanner] = useState<string[]>([]);
  const [stale, setStale] = useState<string | null>(null);
  const save = useMutation(saveDocumentMutation());
  const disabled = !canEdit;

  const submit = async (input: TagForm) => {
    setBanner([]);
    const values = valuesOf(input);
    const other = duplicateOf(document, values.name_tag, tag?.idGlobal ?? null);
    if (other) {
      setError('name_tag', { type: 'duplicate', message: duplicateMessage(values.name_tag, other.name_tag) }, { shouldFocus: true });
      return;
    }
    const edit = tag ? updateTag(document, tag.idGlobal, values) : addTag(document, values);
    if (!edit) {
      setBanner([TAG_NOT_FOUND]);
      return;
    }
    try {
      const saved = await save.mutateAsync({ campaignId, version, document: edit.document });
      documentSaved(client, saved, edit.document);
      setStale(null);
      toast.success(SAVE_SUCCESS);
      onDone();
    } catch (error) {
      if (toastSaveError(toast, error, SAVE_FAILED, setStale)) return;
      const rest = placeTagErrors(error, edit.index, (field, message) => setError(field, { type: 'server', message }, { shouldFocus: true }));
      setBanner(rest.length > 0 ? rest : error instanceof ApiError && error.errors.length > 0 ? [] : [errorMessage(error)]);
    }
  };

  return (
    <Box component="form" id={formId} noValidate aria-label="Fiche du tag" onSubmit={form.handleSubmit(submit)}>
      <Stack spacing={2.5}>
        {stale && (
          <Alert
            severity="warning"
            action={
              <Button
                color="inherit"
                size="small"
                startIcon={<RefreshRoundedIcon />}
                onClick={() => void client.invalidateQueries({ queryKey: menuKeys.document(campaignId) }).then(() => setStale(null))}
              >
                Recharger
              </Button>
            }
          >
            {stale} Ce que vous avez saisi reste dans le formulaire : rechargez la carte puis enregistrez à nouveau.
          </Alert>
        )}
        {!canEdit && <Alert severity="info">Lecture seule : seul l’administrateur de la franchise modifie les tags.</Alert>}
        {banner.length > 0 && (
          <Alert severity="error" onClose={() => setBanner([])}>
            {banner.map((m, i) => (
              <div key={i}>{m}</div>
            ))}
          </Alert>
        )}

        <Section title="Informations">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Controller
              control={control}
              name="name_tag"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label="Nom"
                  required
                  disabled={disabled}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  sx={{ flex: 2 }}
                  slotProps={{ htmlInput: { maxLength: 120 } }}
                />
              )}
            />
            <Controller
              control={control}
              name="number_tag"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label="Numéro"
                  disabled={disabled}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  sx={{ flex: 1, maxWidth: { sm: 200 } }}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
              )}
            />
          </Stack>
        </Section>

        <Section title="Types de commande" hint="Le tag s’applique aux types de commande activés.">
          <Controller
            control={control}
            name="orderTypes"
            render={({ field, fieldState }) => (
              <>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="group" aria-label="Types de commande">
                  {ORDER_TYPES.map((o) => {
                    const on = field.value.includes(o.code);
                    return (
                      <Chip
                        key={o.code}
                        label={o.label}
                        color={on ? 'primary' : 'default'}
                        variant={on ? 'filled' : 'outlined'}
                        icon={on ? <CheckRoundedIcon /> : undefined}
                        aria-pressed={on}
                        clickable={!disabled}
                        onClick={
                          disabled
                            ? undefined
                            : () => field.onChange(on ? field.value.filter((c) => c !== o.code) : [...field.value, o.code].sort((a, b) => a - b))
                        }
                      />
                    );
                  })}
                </Stack>
                {fieldState.error && (
                  <Typography variant="caption" role="alert" sx={{ color: 'error.main', display: 'block', mt: 1 }}>
                    {fieldState.error.message}
                  </Typography>
                )}
              </>
            )}
          />
        </Section>

        <Section title="Images">
          <TagImages control={control} disabled={disabled} />
        </Section>

        <Section title="Horaires" hint="Les plages de chaque jour ; un jour sans plage est fermé.">
          <ScheduleEditor control={control} getValues={getValues} setValue={setValue} disabled={disabled} />
        </Section>

        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
          <Unsaved control={control} />
          <Button color="inherit" onClick={onDone} disabled={save.isPending}>
            {canEdit ? 'Annuler' : 'Retour'}
          </Button>
          {canEdit && (
            <Button type="submit" variant="contained" startIcon={<SaveRoundedIcon />} loading={save.isPending}>
              Enregistrer
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}

/** The logo and the catalogue background, each stored under the tag's name. */
function TagImages({ control, disabled }: { control: Control<TagForm>; disabled: boolean }) {
  const name = useWatch({ control, name: 'name_tag' }).trim() || 'tag';
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={4}>
      <Controller
        control={control}
        name="logo_tag"
        render={({ field, fieldState }) => (
          <TagImageField
            title="Logo"
            hint="Affiché sur la borne à côté des produits du tag."
            value={field.value}
            onChange={field.onChange}
            fileName={`${name} logo`}
            disabled={disabled}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="background_catalog"
        render={({ field, fieldState }) => (
          <TagImageField
            title="Fond du catalogue"
            hint="Image de fond du catalogue pendant les horaires du tag."
            value={field.value}
            onChange={field.onChange}
            fileName={`${name} fond`}
            disabled={disabled}
            error={fieldState.error?.message}
            wide
          />
        )}
      />
    </Stack>
  );
}
