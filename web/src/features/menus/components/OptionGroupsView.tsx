import { memo, useCallback, useMemo, useState } from 'react';
import { Box, Button } from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import TuneRoundedIcon from '@mui/icons-material/TuneRounded';
import { ApiError } from '../../../api/client';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { useToast } from '../../../components/Toast';
import { activeGroupsOf, createOptionGroup, nextRemainingId, removeOptionGroup } from '../optionEdits';
import { SAVE_FAILED, SAVE_SUCCESS } from '../texts';
import type { EditorViewProps } from '../editorView';
import { GroupForm } from './options/GroupForm';
import { GroupList } from './options/GroupList';
import { NameDialog } from './NameDialog';
import { toastSaveError } from '../../../components/saveError';

/** 'Catégories d'options': the active option groups on the left, the selected one's form and items on the right. */
export const OptionGroupsView = memo(function OptionGroupsView({ document, canEdit, saving, send }: EditorViewProps) {
  const toast = useToast();
  const groups = useMemo(() => activeGroupsOf(document), [document]);
  const [choice, setChoice] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  // The chosen group, or the first one while none is chosen (or the chosen one is gone).
  const selected = groups.find((g) => g.idGlobal === choice) ?? (choice === '' ? null : (groups[0] ?? null));

  const add = async (name: string) => {
    setAddError(null);
    const { document: next, group } = createOptionGroup(document, name);
    const error = await send(next);
    if (error) {
      toastSaveError(toast, error, SAVE_FAILED);
      setAddError(error instanceof ApiError ? (error.errors[0]?.message ?? error.detail) : null);
      return;
    }
    toast.success(SAVE_SUCCESS);
    setAdding(false);
    setChoice(group.idGlobal);
  };

  const confirmDelete = async () => {
    if (!selected) return;
    const next = nextRemainingId(groups, new Set([selected.idGlobal]));
    const error = await send(removeOptionGroup(document, selected.idGlobal));
    setDeleting(false);
    if (error) {
      toastSaveError(toast, error, SAVE_FAILED);
      return;
    }
    toast.success("Catégorie d'options supprimée : elle est dans la corbeille.");
    // The next remaining group, or none ('' = nothing selected).
    setChoice(next ?? '');
  };

  const openAdd = useCallback(() => setAdding(true), []);

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '280px 1fr' },
        height: { md: 'calc(100vh - 330px)' },
        minHeight: 520,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        overflow: 'hidden',
      }}
    >
      <Box sx={{ minHeight: 0, borderRight: { md: 1 }, borderColor: { md: 'divider' } }}>
        <GroupList groups={groups} selected={selected?.idGlobal ?? null} canEdit={canEdit} onSelect={setChoice} onAdd={openAdd} />
      </Box>
      <Box sx={{ minHeight: 0, minWidth: 0 }}>
        {selected ? (
          <GroupForm
            key={selected.idGlobal}
            group={selected}
            document={document}
            canEdit={canEdit}
            saving={saving}
            send={send}
            onDelete={() => setDeleting(true)}
          />
        ) : (
          <EmptyState
            icon={<TuneRoundedIcon />}
            title={groups.length === 0 ? "Aucune catégorie d'options" : "Aucune catégorie d'options sélectionnée"}
            message={
              groups.length === 0
                ? canEdit
                  ? 'Ajoutez une catégorie d’options (Sauces, Cuisson…) puis ses options.'
                  : 'Cette carte ne contient pas encore de catégorie d’options.'
                : 'Choisissez une catégorie d’options dans la liste.'
            }
            action={
              canEdit && groups.length === 0 ? (
                <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={openAdd}>
                  Ajouter une catégorie d'options
                </Button>
              ) : undefined
            }
            minHeight={420}
          />
        )}
      </Box>
      <NameDialog
        open={adding}
        title="Nouvelle catégorie d'options"
        label="Nom de la catégorie d'options"
        submitLabel="Ajouter"
        pending={saving}
        error={addError}
        onCancel={() => {
          setAdding(false);
          setAddError(null);
        }}
        onSubmit={(values) => void add(values.name)}
      />
      <DeleteConfirmDialog
        open={deleting && selected !== null}
        kind="optionGroup"
        names={selected ? [selected.name || 'Sans nom'] : []}
        pending={saving}
        warning="Ses options restent avec elle, restaurables depuis la corbeille."
        onCancel={() => setDeleting(false)}
        onConfirm={() => void confirmDelete()}
      />
    </Box>
  );
});
