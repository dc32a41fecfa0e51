import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useFieldArray, useForm, type Control, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, IconButton, List, ListItem, Stack, Typography } from '@mui/material';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ArrowUpwardRoundedIcon from '@mui/icons-material/ArrowUpwardRounded';
import ArrowDownwardRoundedIcon from '@mui/icons-material/ArrowDownwardRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import { Tooltip } from '../../../components/Tooltip';
import { useToast } from '../../../components/Toast';
import type { MenuDocument } from '../documentTypes';
import type { EditorViewProps } from '../editorView';
import { activeMenuFamilies, menuFamilyFormValues, menuFamilySchema, removeMenuFamily, saveMenuFamily, type MenuFamilyForm } from '../familyEdits';
import { familyItemsOf, type MenuFamily } from '../familyTypes';
import { SAVE_FAILED, SAVE_SUCCESS } from '../texts';
import { DetailForm } from './families/DetailForm';
import { FormSection, FormText } from './families/fields';
import { MasterDetail, type MasterRow } from './families/MasterDetail';
import { ProductPicker, pickableProducts, type PickableProduct } from './families/ProductPicker';
import { placeServerErrors } from './families/serverErrors';
import { toastSaveError } from '../../../components/saveError';

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;
const countFamilies = (n: number) => plural(n, 'famille', 'familles');

/** 'Familles': the carte's menu families (document.cartes), each a list of products at a price. */
export const MenuFamiliesView = memo(function MenuFamiliesView({ document, canEdit, saving, send }: EditorViewProps) {
  const toast = useToast();
  const families = useMemo(() => activeMenuFamilies(document), [document]);
  const products = useMemo(() => pickableProducts(document), [document]);

  const rows = useMemo<MasterRow[]>(
    () => families.map((f) => ({ id: f.idGlobal, primary: f.name, secondary: plural(familyItemsOf(f).length, 'produit', 'produits') })),
    [families],
  );

  const deleteElement = useCallback(
    async (id: string) => {
      const error = await send(removeMenuFamily(document, id));
      if (error) {
        toastSaveError(toast, error, SAVE_FAILED);
        return false;
      }
      toast.success('Famille supprimée : elle est dans la corbeille.');
      return true;
    },
    [document, send, toast],
  );

  return (
    <MasterDetail
      rows={rows}
      canEdit={canEdit}
      searchThing="une famille"
      countLabel={countFamilies}
      addLabel="Nouvelle famille"
      listLabel="Familles"
      emptyTitle="Aucune famille"
      emptyMessage="Une famille regroupe des produits proposés dans un menu, chacun à son prix dans la famille."
      icon={<MenuBookOutlinedIcon />}
      deleteKind="menuFamily"
      deleteElement={deleteElement}
      renderDetail={({ id, onSaved, onDelete, onDirtyChange }) => (
        <MenuFamilyEditor
          document={document}
          family={families.find((f) => f.idGlobal === id) ?? null}
          products={products}
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

interface MenuFamilyEditorProps {
  document: MenuDocument;
  family: MenuFamily | null;
  products: readonly PickableProduct[];
  canEdit: boolean;
  saving: boolean;
  send: EditorViewProps['send'];
  onSaved: (idGlobal: string) => void;
  onDelete: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

function MenuFamilyEditor({ document, family, products, canEdit, saving, send, onSaved, onDelete, onDirtyChange }: MenuFamilyEditorProps) {
  const toast = useToast();
  const [problems, setProblems] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);
  const { control, handleSubmit, formState, reset, setError } = useForm<MenuFamilyForm>({
    resolver: zodResolver(menuFamilySchema),
    defaultValues: menuFamilyFormValues(family),
  });
  const rows = useFieldArray({ control, name: 'items', keyName: 'key' });
  const readOnly = !canEdit;
  useEffect(() => onDirtyChange(formState.isDirty), [formState.isDirty, onDirtyChange]);
  const byId = useMemo(() => new Map(products.map((p) => [p.id, p])), [products]);
  const inFamily = useMemo(() => new Set(rows.fields.map((r) => r.id_item)), [rows.fields]);

  const submit = handleSubmit(async (values) => {
    setProblems([]);
    const result = saveMenuFamily(document, family?.idGlobal ?? null, values);
    const error = await send(result.document);
    if (error) {
      toast.error(SAVE_FAILED);
      setProblems(
        placeServerErrors<MenuFamilyForm>(
          error,
          `body.cartes[${result.index}]`,
          (rest) => {
            if (rest === '.name') return 'name';
            const k = /^\.items\[(\d+)\]\.price$/.exec(rest)?.[1];
            return k !== undefined && Number(k) < values.items.length ? (`items.${Number(k)}.price` as FieldPath<MenuFamilyForm>) : null;
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

  const count = rows.fields.length;

  return (
    <DetailForm
      label="Fiche famille"
      title={family ? family.name || 'Sans nom' : 'Nouvelle famille'}
      subtitle={family ? plural(count, 'produit', 'produits') : 'Nommez la famille, ajoutez ses produits puis enregistrez.'}
      canEdit={canEdit}
      isNew={!family}
      saving={saving || formState.isSubmitting}
      dirty={formState.isDirty}
      problems={problems}
      onSubmit={(e) => void submit(e)}
      onDelete={onDelete}
    >
      <FormSection title="Général">
        <Box sx={{ maxWidth: { sm: 420 } }}>
          <FormText control={control} name="name" label="Nom" required disabled={readOnly} />
        </Box>
      </FormSection>
      <FormSection
        title={`Produits de la famille (${count})`}
        action={
          !readOnly && (
            <Button size="small" startIcon={<AddRoundedIcon />} onClick={() => setPicking(true)}>
              Ajouter des produits
            </Button>
          )
        }
      >
        {count === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Aucun produit dans cette famille.
          </Typography>
        ) : (
          <List dense disablePadding aria-label="Produits de la famille" sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5 }}>
            {rows.fields.map((row, k) => (
              <FamilyRow
                key={row.key}
                control={control}
                index={k}
                last={k === count - 1}
                product={byId.get(row.id_item)}
                idItem={row.id_item}
                readOnly={readOnly}
                onMove={rows.move}
                onRemove={rows.remove}
              />
            ))}
          </List>
        )}
      </FormSection>
      <ProductPicker
        open={picking}
        title="Ajouter des produits à la famille"
        products={products}
        initial={[]}
        locked={inFamily}
        confirmLabel="Ajouter"
        onClose={() => setPicking(false)}
        onConfirm={(ids) => {
          rows.append(ids.map((id) => ({ id_item: id, price: '' })));
          setPicking(false);
        }}
      />
    </DetailForm>
  );
}

interface FamilyRowProps {
  control: Control<MenuFamilyForm>;
  index: number;
  last: boolean;
  product: PickableProduct | undefined;
  idItem: number;
  readOnly: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

const FamilyRow = memo(function FamilyRow({ control, index, last, product, idItem, readOnly, onMove, onRemove }: FamilyRowProps) {
  const name = product?.name || `Produit n° ${idItem}`;
  return (
    <ListItem divider={!last} sx={{ py: 1, gap: 1.5 }} aria-label={name}>
      <Typography variant="caption" sx={{ color: 'text.secondary', width: 24, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
        {index + 1}
      </Typography>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
          {name}
        </Typography>
        <Typography variant="caption" noWrap sx={{ color: product ? 'text.secondary' : 'warning.main', display: 'block' }}>
          {product ? product.category : "Ce produit n'est plus actif sur la carte."}
        </Typography>
      </Box>
      <Box sx={{ width: 130, flexShrink: 0 }}>
        <FormText control={control} name={`items.${index}.price`} label={`Prix de ${name}`} inputMode="decimal" placeholder="0,00" disabled={readOnly} />
      </Box>
      {!readOnly && (
        <Stack direction="row" sx={{ flexShrink: 0 }}>
          <Tooltip title="Monter">
            <IconButton size="small" aria-label={`Monter ${name}`} disabled={index === 0} onClick={() => onMove(index, index - 1)}>
              <ArrowUpwardRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Descendre">
            <IconButton size="small" aria-label={`Descendre ${name}`} disabled={last} onClick={() => onMove(index, index + 1)}>
              <ArrowDownwardRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Retirer de la famille">
            <IconButton size="small" aria-label={`Retirer ${name}`} onClick={() => onRemove(index)}>
              <CloseRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      )}
    </ListItem>
  );
});
