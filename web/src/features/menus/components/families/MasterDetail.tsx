import { memo, useCallback, useDeferredValue, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Button, List, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { DeleteConfirmDialog, type DeleteKind } from '../../../../components/DeleteConfirmDialog';
import { EmptyState } from '../../../../components/EmptyState';
import { SearchBar } from '../../../../components/SearchBar';
import { nextRemainingId } from '../../familyEdits';

/** One element of the list: its idGlobal, name and a quiet second line (e.g. '12 produits'). */
export interface MasterRow {
  id: string;
  primary: string;
  secondary?: string;
}

/** What the detail pane gets: the element shown (null: a new one) and how to report back. */
export interface DetailArgs {
  id: string | null;
  onSaved: (idGlobal: string) => void;
  onDelete: () => void;
  /** The form reports whether it holds unsaved changes, so leaving it asks first. */
  onDirtyChange: (dirty: boolean) => void;
}

export interface MasterDetailProps {
  /** The active elements, in the order the list shows them. */
  rows: readonly MasterRow[];
  canEdit: boolean;
  /** After "Rechercher": 'une promotion'. */
  searchThing: string;
  /** '3 promotions'. */
  countLabel: (n: number) => string;
  addLabel: string;
  listLabel: string;
  emptyTitle: string;
  emptyMessage: string;
  icon: ReactNode;
  deleteKind: DeleteKind;
  /** Saves the document without the element; resolves true when it worked (the caller toasts). */
  deleteElement: (id: string) => Promise<boolean>;
  renderDetail: (args: DetailArgs) => ReactNode;
}

type Selection = { kind: 'item'; id: string } | { kind: 'new'; n: number } | null;

function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

/** The two-pane editor of one kind of element: searchable list on the left, the chosen element's form on the right. */
export function MasterDetail(props: MasterDetailProps) {
  const { rows, canEdit, deleteKind, deleteElement, renderDetail } = props;
  const [selection, setSelection] = useState<Selection>(null);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  // The chosen element while it is still active, else the first one.
  const current: Selection =
    selection?.kind === 'new'
      ? selection
      : selection && rows.some((r) => r.id === selection.id)
        ? selection
        : rows[0]
          ? { kind: 'item', id: rows[0].id }
          : null;
  const selectedId = current?.kind === 'item' ? current.id : null;

  // Leaving a form with unsaved changes asks first; `leaving` is where the user wanted to go.
  const dirty = useRef(false);
  const newCount = useRef(0);
  const [leaving, setLeaving] = useState<Selection>(null);
  const go = useCallback((next: Selection) => {
    if (dirty.current) setLeaving(next);
    else setSelection(next);
  }, []);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const select = useCallback((id: string) => go({ kind: 'item', id }), [go]);
  const add = useCallback(() => go({ kind: 'new', n: ++newCount.current }), [go]);
  const onSaved = useCallback((id: string) => {
    dirty.current = false;
    setSelection({ kind: 'item', id });
  }, []);
  const onDelete = useCallback(() => setToDelete(selectedId), [selectedId]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    const ids = rows.map((r) => r.id);
    setDeleting(true);
    const ok = await deleteElement(toDelete);
    setDeleting(false);
    setToDelete(null);
    if (!ok) return;
    // The next remaining element, or a blank form when none is left (spec §4).
    const next = nextRemainingId(ids, toDelete);
    dirty.current = false;
    setSelection(next ? { kind: 'item', id: next } : canEdit ? { kind: 'new', n: ++newCount.current } : null);
  };

  const deleteName = rows.find((r) => r.id === toDelete)?.primary ?? '';

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '320px 1fr' },
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        overflow: 'hidden',
        height: { md: 'calc(100vh - 320px)' },
        minHeight: 520,
      }}
    >
      <Box sx={{ minHeight: 0, borderRight: { md: 1 }, borderBottom: { xs: 1, md: 0 }, borderColor: 'divider' }}>
        <MasterList
          rows={rows}
          selected={selectedId}
          canEdit={canEdit}
          searchThing={props.searchThing}
          countLabel={props.countLabel}
          addLabel={props.addLabel}
          listLabel={props.listLabel}
          onSelect={select}
          onAdd={add}
        />
      </Box>
      <Box sx={{ minHeight: 0, overflowY: 'auto' }}>
        {current ? (
          <Box key={current.kind === 'item' ? current.id : `new-${current.n}`} sx={{ height: '100%' }}>
            {renderDetail({ id: current.kind === 'item' ? current.id : null, onSaved, onDelete, onDirtyChange })}
          </Box>
        ) : (
          <EmptyState
            icon={props.icon}
            title={props.emptyTitle}
            message={props.emptyMessage}
            minHeight={420}
            action={
              canEdit ? (
                <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={add}>
                  {props.addLabel}
                </Button>
              ) : undefined
            }
          />
        )}
      </Box>
      <ConfirmDialog
        open={leaving !== null}
        title="Modifications non enregistrées"
        message="Les modifications de cet élément ne sont pas enregistrées. Voulez-vous les abandonner ?"
        confirmLabel="Abandonner"
        cancelLabel="Continuer la saisie"
        tone="warning"
        onCancel={() => setLeaving(null)}
        onConfirm={() => {
          dirty.current = false;
          setSelection(leaving);
          setLeaving(null);
        }}
      />
      <DeleteConfirmDialog
        open={toDelete !== null}
        kind={deleteKind}
        names={[deleteName]}
        pending={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Box>
  );
}

interface MasterListProps {
  rows: readonly MasterRow[];
  selected: string | null;
  canEdit: boolean;
  searchThing: string;
  countLabel: (n: number) => string;
  addLabel: string;
  listLabel: string;
  onSelect: (id: string) => void;
  onAdd: () => void;
}

const MasterList = memo(function MasterList({ rows, selected, canEdit, searchThing, countLabel, addLabel, listLabel, onSelect, onAdd }: MasterListProps) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const visible = useMemo(() => {
    const q = normalise(deferred);
    return q ? rows.filter((r) => normalise(r.primary).includes(q)) : rows;
  }, [rows, deferred]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Stack spacing={1.5} sx={{ p: 2, pb: 1 }}>
        <SearchBar thing={searchThing} value={query} onChange={setQuery} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 32 }}>
          <Typography variant="caption" sx={{ color: 'text.secondary', flex: 1 }} aria-live="polite">
            {visible.length === rows.length ? countLabel(rows.length) : `${visible.length} sur ${countLabel(rows.length)}`}
          </Typography>
          {canEdit && (
            <Button size="small" startIcon={<AddRoundedIcon />} onClick={onAdd}>
              {addLabel}
            </Button>
          )}
        </Stack>
      </Stack>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', maxHeight: { xs: 320, md: 'none' } }}>
        {visible.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', px: 2.5, py: 3 }}>
            {rows.length === 0 ? 'Aucun élément pour le moment.' : 'Aucun résultat pour cette recherche.'}
          </Typography>
        ) : (
          <List dense disablePadding aria-label={listLabel}>
            {visible.map((r) => (
              <Row key={r.id} row={r} selected={r.id === selected} onSelect={onSelect} />
            ))}
          </List>
        )}
      </Box>
    </Box>
  );
});

const Row = memo(function Row({ row, selected, onSelect }: { row: MasterRow; selected: boolean; onSelect: (id: string) => void }) {
  return (
    <ListItemButton selected={selected} onClick={() => !selected && onSelect(row.id)} sx={{ px: 2.5, py: 0.75 }} aria-current={selected ? 'true' : undefined}>
      <ListItemText
        primary={row.primary || 'Sans nom'}
        secondary={row.secondary}
        slotProps={{ primary: { noWrap: true, sx: { fontWeight: selected ? 600 : 500 } }, secondary: { noWrap: true } }}
      />
    </ListItemButton>
  );
});
