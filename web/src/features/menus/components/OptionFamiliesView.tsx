import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Box, Chip, TextField } from '@mui/material';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import { useToast } from '../../../components/Toast';
import { isActive, type MenuDocument } from '../documentTypes';
import type { EditorViewProps } from '../editorView';
import {
  activeOptionFamilies,
  optionFamilyFormValues,
  optionFamilySchema,
  removeOptionFamily,
  saveOptionFamily,
  subSupplementIds,
  type OptionFamilyForm,
} from '../familyEdits';
import type { OptionFamily } from '../familyTypes';
import { SAVE_FAILED, SAVE_SUCCESS } from '../texts';
import { DetailForm } from './families/DetailForm';
import { FormCheckbox, FormSection, FormText } from './families/fields';
import { MasterDetail, type MasterRow } from './families/MasterDetail';
import { placeServerErrors } from './families/serverErrors';
import { toastSaveError } from '../../../components/saveError';

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;
const countFamilies = (n: number) => plural(n, "famille d'options", "familles d'options");

const FIELDS = new Set<keyof OptionFamilyForm>(['name_group', 'title_group', 'min_option', 'max_option', 'number_click', 'option_free', 'has_limit_options', 'sub_supplements']);

interface GroupChoice {
  id: number;
  name: string;
}

/** 'Familles options': the carte's option families (groups_sub_options) and the option groups each holds. */
export const OptionFamiliesView = memo(function OptionFamiliesView({ document, canEdit, saving, send }: EditorViewProps) {
  const toast = useToast();
  const families = useMemo(() => activeOptionFamilies(document), [document]);
  const groups = useMemo<GroupChoice[]>(
    () =>
      document.options
        .filter(isActive)
        .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
        .map((g) => ({ id: g.id, name: g.name })),
    [document.options],
  );

  const rows = useMemo<MasterRow[]>(() => {
    const active = new Set(groups.map((g) => g.id));
    return families.map((f) => ({
      id: f.idGlobal,
      primary: f.name_group,
      secondary: [f.title_group, plural(subSupplementIds(f).filter((id) => active.has(id)).length, "catégorie d'options", "catégories d'options")]
        .filter(Boolean)
        .join(' · '),
    }));
  }, [families, groups]);

  const deleteElement = useCallback(
    async (id: string) => {
      const error = await send(removeOptionFamily(document, id));
      if (error) {
        toastSaveError(toast, error, SAVE_FAILED);
        return false;
      }
      toast.success("Famille d'options supprimée : elle est dans la corbeille.");
      return true;
    },
    [document, send, toast],
  );

  return (
    <MasterDetail
      rows={rows}
      canEdit={canEdit}
      searchThing="une famille d'options"
      countLabel={countFamilies}
      addLabel="Nouvelle famille"
      listLabel="Familles d'options"
      emptyTitle="Aucune famille d'options"
      emptyMessage="Une famille d'options regroupe des catégories d'options (sauces, suppléments…) avec ses règles de choix."
      icon={<AccountTreeOutlinedIcon />}
      deleteKind="optionFamily"
      deleteElement={deleteElement}
      renderDetail={({ id, onSaved, onDelete, onDirtyChange }) => (
        <OptionFamilyEditor
          document={document}
          family={families.find((f) => f.idGlobal === id) ?? null}
          groups={groups}
          canEdit={canEdit}
          saving={saving}
          send={send}
          onSaved={onSaved}
          onDelete={onDelete}
          onDirtyChange={onDirtyChange}
        />
      )}
    />
  );
});

interface OptionFamilyEditorProps {
  document: MenuDocument;
  family: OptionFamily | null;
  groups: readonly GroupChoice[];
  canEdit: boolean;
  saving: boolean;
  send: EditorViewProps['send'];
  onSaved: (idGlobal: string) => void;
  onDelete: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

function OptionFamilyEditor({ document, family, groups, canEdit, saving, send, onSaved, onDelete, onDirtyChange }: OptionFamilyEditorProps) {
  const toast = useToast();
  const [problems, setProblems] = useState<string[]>([]);
  const { control, handleSubmit, formState, reset, setError } = useForm<OptionFamilyForm>({
    resolver: zodResolver(optionFamilySchema),
    defaultValues: optionFamilyFormValues(family),
  });
  const readOnly = !canEdit;
  useEffect(() => onDirtyChange(formState.isDirty), [formState.isDirty, onDirtyChange]);

  const submit = handleSubmit(async (values) => {
    setProblems([]);
    const result = saveOptionFamily(document, family?.idGlobal ?? null, values);
    const error = await send(result.document);
    if (error) {
      toast.error(SAVE_FAILED);
      setProblems(
        placeServerErrors<OptionFamilyForm>(
          error,
          `body.groups_sub_options[${result.index}]`,
          (rest) => {
            const field = /^\.(\w+)/.exec(rest)?.[1] as keyof OptionFamilyForm | undefined;
            return field && FIELDS.has(field) ? field : null;
          },
          setError,
        ),
      );
      return;
    }
    toast.success(SAVE_SUCCESS);
    reset(values);
    if (!family) onSaved(result.idGlobal);
  });

  return (
    <DetailForm
      label="Fiche famille d'options"
      title={family ? family.name_group || 'Sans nom' : "Nouvelle famille d'options"}
      subtitle={family ? family.title_group || undefined : 'Renseignez la famille puis enregistrez.'}
      canEdit={canEdit}
      isNew={!family}
      saving={saving || formState.isSubmitting}
      dirty={formState.isDirty}
      problems={problems}
      onSubmit={(e) => void submit(e)}
      onDelete={onDelete}
    >
      <FormSection title="Général">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <FormText control={control} name="name_group" label="Nom" required disabled={readOnly} />
          <FormText control={control} name="title_group" label="Titre affiché" disabled={readOnly} />
        </Box>
      </FormSection>
      <FormSection title="Règles de choix">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 2 }}>
          <FormText control={control} name="min_option" label="Minimum" inputMode="numeric" disabled={readOnly} />
          <FormText control={control} name="max_option" label="Maximum" inputMode="numeric" disabled={readOnly} />
          <FormText control={control} name="number_click" label="Nombre de clics" inputMode="numeric" disabled={readOnly} />
          <FormText control={control} name="option_free" label="Options gratuites" inputMode="numeric" disabled={readOnly} />
        </Box>
        <Box sx={{ mt: 1 }}>
          <FormCheckbox control={control} name="has_limit_options" label="Limiter le nombre d'options" disabled={readOnly} />
        </Box>
      </FormSection>
      <FamilyGroups control={control} groups={groups} readOnly={readOnly} />
    </DetailForm>
  );
}

/** The option groups the family holds: a searchable multi-select of the carte's active option groups. */
function FamilyGroups({ control, groups, readOnly }: { control: Control<OptionFamilyForm>; groups: readonly GroupChoice[]; readOnly: boolean }) {
  const { field, fieldState } = useController({ control, name: 'sub_supplements' });
  const byId = useMemo(() => new Map(groups.map((g) => [g.id, g])), [groups]);
  // Groups held but no longer active stay stored (restoring them brings them back) but are not shown.
  const value = useMemo(() => field.value.map((id) => byId.get(id)).filter((g): g is GroupChoice => Boolean(g)), [field.value, byId]);
  const hidden = useMemo(() => field.value.filter((id) => !byId.has(id)), [field.value, byId]);

  return (
    <FormSection title={`Catégories d'options (${value.length})`}>
      <Autocomplete
        multiple
        disableCloseOnSelect
        options={groups as GroupChoice[]}
        value={value}
        onChange={(_, next) => field.onChange([...hidden, ...next.map((g) => g.id)])}
        getOptionLabel={(g) => g.name || 'Sans nom'}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        disabled={readOnly}
        noOptionsText="Aucune catégorie d'options"
        renderValue={(selected, getItemProps) =>
          selected.map((g, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} size="small" label={g.name || 'Sans nom'} {...itemProps} />;
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            label="Catégories d'options de la famille"
            placeholder={readOnly ? undefined : 'Rechercher une catégorie d’options…'}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? (groups.length === 0 ? "La carte n'a aucune catégorie d'options active." : undefined)}
          />
        )}
      />
    </FormSection>
  );
}
