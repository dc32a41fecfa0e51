import { memo, useEffect, useMemo, useState, type MouseEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import SubdirectoryArrowRightRoundedIcon from '@mui/icons-material/SubdirectoryArrowRightRounded';
import MoreVertRoundedIcon from '@mui/icons-material/MoreVertRounded';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import { ApiError } from '../../../api/client';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { LabelledCheckbox } from '../../../components/LabelledCheckbox';
import { useToast } from '../../../components/Toast';
import { isActive, type MenuCategory, type MenuProduct } from '../documentTypes';
import { addCategory } from '../documentEdits';
import { categoryTreeOrder, moveCategory, nextCategory, productCountOf, removeCategory, renameCategory } from '../categoryEdits';
import { SAVE_FAILED, SAVE_SUCCESS } from '../texts';
import type { EditorViewProps } from '../editorView';
import { NameDialog } from './NameDialog';
import { toastSaveError } from '../../../components/saveError';

export interface CategoryTreeProps {
  /** The editor's document and save, for the category actions (absent while loading). */
  editor?: EditorViewProps;
  categories: readonly MenuCategory[];
  products: readonly MenuProduct[];
  selected: number | null;
  onSelect: (idCat: number) => void;
}

type Action = { kind: 'rename' | 'sub' | 'delete'; category: MenuCategory } | null;

/** The first server message on `body.categories[index].name`, else the error's headline. */
function serverMessage(error: unknown, index?: number): string | null {
  if (!(error instanceof ApiError)) return null;
  const onName = index === undefined ? undefined : error.errors.find((e) => e.location === `body.categories[${index}].name`);
  return onName?.message ?? error.errors[0]?.message ?? error.detail;
}

/** Categories and their sub-categories (by parent_id), with their count of active products and, for the admin, their actions. */
export const CategoryTree = memo(function CategoryTree({ editor, categories, products, selected, onSelect }: CategoryTreeProps) {
  const toast = useToast();
  const counts = useMemo(() => {
    const m = new Map<number, number>();
    for (const p of products) if (isActive(p)) m.set(p.idCat, (m.get(p.idCat) ?? 0) + 1);
    return m;
  }, [products]);
  const order = useMemo(() => categoryTreeOrder(categories), [categories]);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; category: MenuCategory } | null>(null);
  const [action, setAction] = useState<Action>(null);
  const [error, setError] = useState<string | null>(null);
  const canEdit = Boolean(editor?.canEdit);

  const siblingsOf = (c: MenuCategory) => order.filter((s) => s.parent_id === c.parent_id);
  const isRoot = (c: MenuCategory) => c.parent_id === -1 || !order.some((p) => p.idCat === c.parent_id);

  const close = () => {
    setAction(null);
    setError(null);
  };

  /** Saves with the spec's toasts; a refusal is also shown in the open dialog (`inDialog`). True when saved. */
  const save = async (next: Parameters<EditorViewProps['send']>[0], index?: number, inDialog = true): Promise<boolean> => {
    if (!editor) return false;
    const failure = await editor.send(next);
    if (failure) {
      toastSaveError(toast, failure, SAVE_FAILED);
      if (inDialog) setError(serverMessage(failure, index));
      return false;
    }
    toast.success(SAVE_SUCCESS);
    return true;
  };

  const move = async (c: MenuCategory, direction: -1 | 1) => {
    setMenu(null);
    // One save at a time: a second one would be sent at the same version.
    if (!editor || editor.saving) return;
    const next = moveCategory(editor.document, c.idGlobal, direction);
    if (next !== editor.document) await save(next, undefined, false);
  };

  const confirmDelete = async () => {
    if (!editor || action?.kind !== 'delete') return;
    const { document: next, removed } = removeCategory(editor.document, action.category.idGlobal);
    if (await save(next)) {
      const after = nextCategory(order, removed);
      close();
      if (after !== null) onSelect(after);
    }
  };

  const item = (c: MenuCategory, depth: number) => (
    <Box
      key={c.idGlobal}
      sx={{ position: 'relative', '&:hover .category-actions, &:focus-within .category-actions': { opacity: 1 } }}
    >
      <ListItemButton
        selected={selected === c.idCat}
        onClick={() => onSelect(c.idCat)}
        aria-keyshortcuts={canEdit ? 'Alt+ArrowUp Alt+ArrowDown' : undefined}
        onKeyDown={(e) => {
          // Alt+↑ / Alt+↓ move the category among its siblings, without a mouse.
          if (!canEdit || !e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
          e.preventDefault();
          void move(c, e.key === 'ArrowUp' ? -1 : 1);
        }}
        sx={{ pl: 1.5 + depth * 2.5, pr: canEdit ? 5 : 1.5, py: 0.75, borderRadius: 2, mx: 1, my: 0.25 }}
      >
        <ListItemIcon sx={{ minWidth: 32, color: selected === c.idCat ? 'primary.main' : 'text.secondary' }}>
          {depth === 0 ? <FolderOutlinedIcon fontSize="small" /> : <SubdirectoryArrowRightRoundedIcon fontSize="small" />}
        </ListItemIcon>
        <ListItemText
          primary={c.name}
          slotProps={{ primary: { noWrap: true, sx: { fontWeight: selected === c.idCat ? 600 : 500, fontSize: '0.875rem' } } }}
        />
        {c.hidden === true && <VisibilityOffOutlinedIcon titleAccess="Masquée" sx={{ fontSize: 16, color: 'text.secondary', ml: 0.5 }} />}
        <Chip
          size="small"
          label={counts.get(c.idCat) ?? 0}
          sx={{ height: 20, fontSize: '0.7rem', ml: 1 }}
          aria-label={`${counts.get(c.idCat) ?? 0} produits`}
        />
      </ListItemButton>
      {canEdit && (
        <IconButton
          className="category-actions"
          size="small"
          aria-label={`Actions de la catégorie ${c.name}`}
          aria-haspopup="menu"
          onClick={(e: MouseEvent<HTMLElement>) => setMenu({ anchor: e.currentTarget, category: c })}
          sx={{
            position: 'absolute',
            right: 12,
            top: '50%',
            transform: 'translateY(-50%)',
            opacity: menu?.category.idGlobal === c.idGlobal ? 1 : 0,
            '&:focus-visible': { opacity: 1 },
            '@media (hover: none)': { opacity: 1 },
          }}
        >
          <MoreVertRoundedIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );

  const current = menu?.category;
  const currentSiblings = current ? siblingsOf(current) : [];
  const currentAt = current ? currentSiblings.findIndex((s) => s.idGlobal === current.idGlobal) : -1;
  const deleting = action?.kind === 'delete' ? action.category : null;
  const deletingCount = deleting && editor ? productCountOf(editor.document, deleting.idCat) : 0;
  const deletingSubs = deleting ? order.filter((s) => s.parent_id === deleting.idCat && s.idCat !== deleting.idCat).length : 0;

  return (
    <Box component="nav" aria-label="Catégories">
      <List disablePadding>{order.map((c) => item(c, isRoot(c) ? 0 : 1))}</List>

      <Menu anchorEl={menu?.anchor ?? null} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            if (current) setAction({ kind: 'rename', category: current });
            setMenu(null);
          }}
        >
          Renommer
        </MenuItem>
        <MenuItem disabled={currentAt <= 0 || editor?.saving} onClick={() => current && void move(current, -1)}>
          Monter
        </MenuItem>
        <MenuItem disabled={currentAt < 0 || currentAt >= currentSiblings.length - 1 || editor?.saving} onClick={() => current && void move(current, 1)}>
          Descendre
        </MenuItem>
        {current?.parent_id === -1 && (
          <MenuItem
            onClick={() => {
              setAction({ kind: 'sub', category: current });
              setMenu(null);
            }}
          >
            Ajouter une sous-catégorie
          </MenuItem>
        )}
        <MenuItem
          sx={{ color: 'error.main' }}
          onClick={() => {
            if (current) setAction({ kind: 'delete', category: current });
            setMenu(null);
          }}
        >
          Supprimer
        </MenuItem>
      </Menu>

      <RenameDialog
        category={action?.kind === 'rename' ? action.category : null}
        pending={Boolean(editor?.saving)}
        error={error}
        onCancel={close}
        onSubmit={async (values) => {
          if (!editor || action?.kind !== 'rename') return;
          setError(null);
          const { document: next, index } = renameCategory(editor.document, action.category.idGlobal, values);
          if (await save(next, index)) close();
        }}
      />
      <NameDialog
        open={action?.kind === 'sub'}
        title={action?.kind === 'sub' ? `Nouvelle sous-catégorie de ${action.category.name}` : 'Nouvelle sous-catégorie'}
        label="Nom de la sous-catégorie"
        submitLabel="Ajouter"
        pending={Boolean(editor?.saving)}
        error={error}
        onCancel={close}
        onSubmit={(values) =>
          void (async () => {
            if (!editor || action?.kind !== 'sub') return;
            setError(null);
            const { document: next, category } = addCategory(editor.document, values.name, action.category.idCat);
            if (await save(next, next.categories.length - 1)) {
              close();
              onSelect(category.idCat);
            }
          })()
        }
      />
      <DeleteConfirmDialog
        open={deleting !== null}
        kind={deleting && deleting.parent_id !== -1 ? 'subcategory' : 'category'}
        names={deleting ? [deleting.name] : []}
        pending={Boolean(editor?.saving)}
        warning={
          <>
            {deletingSubs > 0 && `Ses ${deletingSubs} sous-catégorie${deletingSubs > 1 ? 's' : ''} ${deletingSubs > 1 ? 'sont supprimées' : 'est supprimée'} aussi. `}
            {deletingCount > 0
              ? `${deletingCount} produit${deletingCount > 1 ? 's restent' : ' reste'} rattaché${deletingCount > 1 ? 's' : ''} : ${deletingCount > 1 ? 'ils sont masqués' : 'il est masqué'} avec la catégorie, restaurable depuis la corbeille.`
              : 'La catégorie reste restaurable depuis la corbeille.'}
            {error && (
              <Alert severity="error" sx={{ mt: 1.5 }}>
                {error}
              </Alert>
            )}
          </>
        }
        onCancel={close}
        onConfirm={() => void confirmDelete()}
      />
    </Box>
  );
});

const renameSchema = z.object({
  name: z.string().check(
    z.trim(),
    z.minLength(1, 'Le nom de la catégorie est obligatoire.'),
    z.maxLength(120, 'Le nom ne doit pas dépasser 120 caractères.'),
  ),
  hidden: z.boolean(),
});
type RenameForm = z.infer<typeof renameSchema>;

/** 'Renommer': the category's name and its 'Masquée' flag; a server refusal (duplicate name) shows on the name. */
function RenameDialog({
  category,
  pending,
  error,
  onCancel,
  onSubmit,
}: {
  category: MenuCategory | null;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onSubmit: (values: RenameForm) => Promise<void>;
}) {
  const form = useForm<RenameForm>({ resolver: zodResolver(renameSchema), defaultValues: { name: '', hidden: false } });
  const { reset, setError } = form;
  useEffect(() => {
    if (category) reset({ name: category.name, hidden: category.hidden === true });
  }, [category, reset]);
  useEffect(() => {
    if (error) setError('name', { type: 'server', message: error });
  }, [error, setError]);

  return (
    <Dialog open={category !== null} onClose={pending ? undefined : onCancel} maxWidth="xs" fullWidth aria-labelledby="rename-category-title">
      <DialogTitle id="rename-category-title">{category && category.parent_id !== -1 ? 'Modifier la sous-catégorie' : 'Modifier la catégorie'}</DialogTitle>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <DialogContent sx={{ pt: 1 }}>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <Controller
              control={form.control}
              name="name"
              render={({ field, fieldState }) => (
                <TextField {...field} label="Nom" required autoFocus error={Boolean(fieldState.error)} helperText={fieldState.error?.message ?? ' '} />
              )}
            />
            <Controller
              control={form.control}
              name="hidden"
              render={({ field }) => (
                <LabelledCheckbox
                  label="Masquée"
                  description="La catégorie et ses produits ne sont pas proposés à la vente."
                  checked={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onCancel} disabled={pending}>
            Annuler
          </Button>
          <Button type="submit" variant="contained" loading={pending}>
            Enregistrer
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
