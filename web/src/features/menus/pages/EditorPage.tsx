import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, Chip, Stack, Tab, Tabs, Typography } from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { ApiError } from '../../../api/client';
import { PageHeader } from '../../../components/PageHeader';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { EmptyState } from '../../../components/EmptyState';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { useToast } from '../../../components/Toast';
import { CategoryTree } from '../components/CategoryTree';
import { NameDialog } from '../components/NameDialog';
import { MenuFamiliesView } from '../components/MenuFamiliesView';
import { OptionFamiliesView } from '../components/OptionFamiliesView';
import { OptionGroupsView } from '../components/OptionGroupsView';
import { PromotionsView } from '../components/PromotionsView';
import type { EditorViewProps } from '../editorView';
import { ProductEditor, type SaveFailure } from '../components/ProductEditor';
import { ProductList } from '../components/ProductList';
import { activeProductsOf, addCategory, nextRemaining, removeProducts, saveProduct, type ProductValues } from '../documentEdits';
import { isActive, type MenuDocument } from '../documentTypes';
import { promotionsOf } from '../familyTypes';
import { CARTES_PATH } from '../paths';
import { campaignsQuery, documentQuery, documentSaved, menuKeys, saveDocumentMutation } from '../queries';
import { SAVE_FAILED, SAVE_SUCCESS } from '../texts';
import { useCanEdit } from '../useCanEdit';
import { NotFoundPage } from '../../auth/pages/NotFoundPage';
import { toastSaveError, isConflict } from '../../../components/saveError';

/** The route: '/campagne/MesCartes/:campaignId'. */
export function EditorPage() {
  const { campaignId } = useParams();
  const id = Number(campaignId);
  if (!Number.isInteger(id) || id < 1) return <NotFoundPage />;
  return <CarteEditor campaignId={id} />;
}

type EditorTab = 'products' | 'options' | 'promotions' | 'optionFamilies' | 'menuFamilies';

const OTHER_VIEWS = {
  options: OptionGroupsView,
  promotions: PromotionsView,
  optionFamilies: OptionFamiliesView,
  menuFamilies: MenuFamiliesView,
} as const;

type Selection = { kind: 'product'; idGlobal: string } | { kind: 'new' } | null;

/** The carte editor: category tree, product list, product form; option groups on their own tab. */
export function CarteEditor({ campaignId }: { campaignId: number }) {
  const client = useQueryClient();
  const toast = useToast();
  const canEdit = useCanEdit();
  const campaigns = useQuery(campaignsQuery());
  const doc = useQuery(documentQuery(campaignId));
  const campaign = campaigns.data?.find((c) => c.id === campaignId);

  const [view, setView] = useState<EditorTab>('products');
  const [categoryChoice, setCategoryChoice] = useState<number | null>(null);
  const [selection, setSelection] = useState<Selection>(null);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [toDelete, setToDelete] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'category' | null>(null);
  const [stale, setStale] = useState<string | null>(null);

  const save = useMutation(saveDocumentMutation());

  const document = doc.data?.document;
  const activeCategories = useMemo(() => (document?.categories ?? []).filter(isActive), [document]);
  // The chosen category, or the first one while none is chosen (or the chosen one is gone).
  const category =
    categoryChoice !== null && activeCategories.some((c) => c.idCat === categoryChoice)
      ? categoryChoice
      : ([...activeCategories].sort((a, b) => a.position - b.position).find((c) => c.parent_id === -1)?.idCat ?? null);
  const products = useMemo(() => (document ? activeProductsOf(document, category) : []), [document, category]);
  const selectedProduct =
    selection?.kind === 'product' ? (document?.items.find((p) => p.idGlobal === selection.idGlobal && isActive(p)) ?? null) : null;

  /** Sends the whole document, read at `version`; the caller says what to do after. */
  const send = useCallback(
    async (next: MenuDocument): Promise<unknown> => {
      if (!doc.data) return new Error('document absent');
      try {
        const saved = await save.mutateAsync({ campaignId, version: doc.data.version, document: next });
        documentSaved(client, saved, next);
        setStale(null);
        return null;
      } catch (error) {
        if (isConflict(error)) setStale(error.detail);
        return error;
      }
    },
    [campaignId, client, doc.data, save],
  );

  const saveCurrentProduct = useCallback(
    async (values: ProductValues): Promise<SaveFailure | null> => {
      if (!document) return null;
      const idGlobal = selection?.kind === 'product' ? selection.idGlobal : null;
      const result = saveProduct(document, idGlobal, values);
      const error = await send(result.document);
      if (error) {
        toast.error(SAVE_FAILED);
        return { error, index: result.index, cellOf: result.cellOf, sizeRowOf: result.sizeRowOf };
      }
      toast.success(SAVE_SUCCESS);
      if (!idGlobal) {
        setCategoryChoice(values.idCat);
        setSelection({ kind: 'product', idGlobal: result.idGlobal });
      }
      return null;
    },
    [document, selection, send, toast],
  );

  const confirmDelete = async () => {
    if (!document || !toDelete) return;
    const ids = new Set(toDelete);
    const next = nextRemaining(products, ids);
    const error = await send(removeProducts(document, ids));
    setToDelete(null);
    if (error) {
      toastSaveError(toast, error, SAVE_FAILED);
      return;
    }
    toast.success(`${ids.size > 1 ? `${ids.size} produits supprimés` : 'Produit supprimé'} : ${ids.size > 1 ? 'ils sont' : 'il est'} dans la corbeille.`);
    setChecked(new Set());
    // The next remaining element, or a blank form when none is left (spec §4).
    setSelection(next ? { kind: 'product', idGlobal: next } : canEdit ? { kind: 'new' } : null);
  };

  const [dialogError, setDialogError] = useState<string | null>(null);
  const submitDialog = async (name: string, parent: string) => {
    if (!document) return;
    setDialogError(null);
    const { document: next, category: created } = addCategory(document, name, Number(parent));
    const error = await send(next);
    if (error) {
      toast.error(SAVE_FAILED);
      setDialogError(error instanceof ApiError ? (error.errors[0]?.message ?? error.detail) : null);
      return;
    }
    toast.success(SAVE_SUCCESS);
    setCategoryChoice(created.idCat);
    setSelection(null);
    setDialog(null);
  };

  const viewProps: EditorViewProps | null = document
    ? { campaignId, document, canEdit, saving: save.isPending, send }
    : null;
  const OtherView = view === 'products' ? null : OTHER_VIEWS[view];

  const title = campaign?.nom ?? (campaigns.isPending ? 'Carte' : `Carte ${campaignId}`);
  const deleteNames = (toDelete ?? []).map((id) => document?.items.find((p) => p.idGlobal === id)?.name ?? '');
  const editorKey = selection?.kind === 'product' ? selection.idGlobal : selection?.kind === 'new' ? `new-${category}` : 'none';

  return (
    <PageHeader
      title={title}
      subtitle={
        canEdit
          ? 'Composez la carte : catégories, produits et prix. Chaque enregistrement envoie la carte entière à la version que vous avez ouverte.'
          : 'Lecture seule : seul l’administrateur de la franchise modifie les cartes.'
      }
      breadcrumbs={[{ label: 'Accueil', to: '/' }, { label: 'Mes Cartes', to: CARTES_PATH }, { label: title }]}
      actions={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {campaign?.isPrincipal && <Chip color="warning" variant="outlined" label="Principale" />}
          {campaign?.removed && <Chip label="Désactivée" variant="outlined" />}
          {doc.data && <Chip variant="outlined" label={`Version ${doc.data.version}`} />}
        </Stack>
      }
    >
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
              Recharger la carte
            </Button>
          }
        >
          {stale} Ce que vous avez saisi reste dans le formulaire : rechargez la carte puis enregistrez à nouveau.
        </Alert>
      )}
      <Card sx={{ overflow: 'hidden' }}>
        <Stack direction="row" sx={{ alignItems: 'center', borderBottom: 1, borderColor: 'divider', pr: 2 }}>
          <Tabs value={view} onChange={(_, v: EditorTab) => setView(v)} variant="scrollable" sx={{ px: 1.5, flex: 1 }}>
            <Tab value="products" label="Produits" />
            <Tab value="options" label="Catégories d'options" />
            <Tab value="promotions" label="Promotions" />
            <Tab value="optionFamilies" label="Familles options" />
            <Tab value="menuFamilies" label="Familles" />
          </Tabs>
          {canEdit && view === 'products' && (
            <Button size="small" startIcon={<AddRoundedIcon />} onClick={() => setDialog('category')} disabled={!document}>
              Ajouter une catégorie
            </Button>
          )}
        </Stack>
        {doc.isPending ? (
          <LoadingPanel minHeight={480} />
        ) : doc.isError ? (
          <Box sx={{ p: 3 }}>
            <ErrorBlock message={doc.error instanceof ApiError && doc.error.status === 404 ? doc.error.detail : undefined} onRetry={() => void doc.refetch()} retrying={doc.isFetching} />
          </Box>
        ) : OtherView && viewProps ? (
          <Box sx={{ p: 2.5 }}>
            <OtherView {...viewProps} />
          </Box>
        ) : activeCategories.length === 0 ? (
          <EmptyState
            title="Carte vide"
            message="Commencez par ajouter une catégorie (Burgers, Boissons…), puis ses produits."
            action={
              canEdit ? (
                <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setDialog('category')}>
                  Ajouter une catégorie
                </Button>
              ) : undefined
            }
            minHeight={420}
          />
        ) : (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: '240px 320px 1fr' },
              height: { md: 'calc(100vh - 290px)' },
              minHeight: 520,
            }}
          >
            <Box sx={{ overflowY: 'auto', py: 1, borderRight: (t) => `1px solid ${t.palette.divider}` }}>
              <Typography variant="overline" sx={{ px: 2.5, color: 'text.secondary' }}>
                Catégories
              </Typography>
              <CategoryTree
                editor={viewProps ?? undefined}
                categories={doc.data.document.categories}
                products={doc.data.document.items}
                selected={category}
                onSelect={(idCat) => {
                  setCategoryChoice(idCat);
                  setSelection(null);
                  setChecked(new Set());
                }}
              />
            </Box>
            <Box sx={{ minHeight: 0, borderRight: (t) => `1px solid ${t.palette.divider}` }}>
              <ProductList
                products={products}
                selected={selection?.kind === 'product' ? selection.idGlobal : null}
                checked={checked}
                canEdit={canEdit}
                onSelect={(idGlobal) => setSelection({ kind: 'product', idGlobal })}
                onCheck={setChecked}
                onAdd={() => setSelection({ kind: 'new' })}
                onDelete={() => setToDelete(products.filter((p) => checked.has(p.idGlobal)).map((p) => p.idGlobal))}
              />
            </Box>
            <Box sx={{ minHeight: 0, minWidth: 0 }}>
              {selection?.kind === 'new' || selectedProduct ? (
                <ProductEditor
                  key={editorKey}
                  product={selectedProduct}
                  categories={activeCategories}
                  defaultCategory={category}
                  canEdit={canEdit}
                  saving={save.isPending}
                  onSave={saveCurrentProduct}
                  onDelete={selectedProduct ? () => setToDelete([selectedProduct.idGlobal]) : undefined}
                  optionGroups={doc.data.document.options}
                  promotions={promotionsOf(doc.data.document)}
                />
              ) : (
                <EmptyState
                  icon={<Inventory2OutlinedIcon />}
                  title="Aucun produit sélectionné"
                  message={canEdit ? 'Choisissez un produit dans la liste, ou ajoutez-en un.' : 'Choisissez un produit dans la liste.'}
                  action={
                    canEdit ? (
                      <Button variant="outlined" startIcon={<AddRoundedIcon />} onClick={() => setSelection({ kind: 'new' })}>
                        Ajouter un produit
                      </Button>
                    ) : undefined
                  }
                  minHeight={420}
                />
              )}
            </Box>
          </Box>
        )}
      </Card>

      <DeleteConfirmDialog
        open={toDelete !== null}
        kind="product"
        names={deleteNames}
        pending={save.isPending}
        warning="Les produits supprimés restent restaurables depuis la corbeille."
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
      <NameDialog
        open={dialog !== null}
        title="Nouvelle catégorie"
        label="Nom de la catégorie"
        submitLabel="Ajouter"
        parents={
          dialog !== null
            ? activeCategories.filter((c) => c.parent_id === -1).map((c) => ({ value: String(c.idCat), label: c.name }))
            : undefined
        }
        pending={save.isPending}
        error={dialogError}
        onCancel={() => {
          setDialog(null);
          setDialogError(null);
        }}
        onSubmit={(values) => void submitDialog(values.name, values.parent)}
      />
    </PageHeader>
  );
}
