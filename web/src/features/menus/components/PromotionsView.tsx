import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import PlaylistAddCheckRoundedIcon from '@mui/icons-material/PlaylistAddCheckRounded';
import { useToast } from '../../../components/Toast';
import { ORDER_TYPES, isActive, type MenuDocument } from '../documentTypes';
import type { EditorViewProps } from '../editorView';
import { sizeChoices, type Promotion } from '../familyTypes';
import { activePromotions, promotionFormValues, promotionIdsOf, promotionSchema, removePromotion, savePromotion, type PromotionForm } from '../promotionEdits';
import { SAVE_FAILED, SAVE_SUCCESS } from '../texts';
import { DetailForm } from './families/DetailForm';
import { FormSection, FormSelect, FormText } from './families/fields';
import { MasterDetail, type MasterRow } from './families/MasterDetail';
import { ProductPicker, pickableProducts, type PickableProduct } from './families/ProductPicker';
import { placeServerErrors } from './families/serverErrors';
import { toastSaveError } from '../../../components/saveError';

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;
const countPromotions = (n: number) => plural(n, 'promotion', 'promotions');

const PROMOTION_FIELDS = new Set<keyof PromotionForm>([
  'name',
  'name_promotion',
  'discount',
  'label_discount',
  'quantity',
  'size_product',
  'label_size_product',
  'type_order',
  'description',
  'text_promo',
]);

const ORDER_TYPE_CHOICES = [{ value: '0', label: 'Tous les types de commande' }, ...ORDER_TYPES.map((o) => ({ value: String(o.code), label: o.label }))];

/** 'Promotions': the carte's promotions and the products each applies to. */
export const PromotionsView = memo(function PromotionsView({ document, canEdit, saving, send }: EditorViewProps) {
  const toast = useToast();
  const promotions = useMemo(() => activePromotions(document), [document]);
  const products = useMemo(() => pickableProducts(document), [document]);

  const rows = useMemo<MasterRow[]>(() => {
    const counts = new Map<number, number>();
    for (const p of document.items) {
      if (!isActive(p)) continue;
      for (const id of new Set(promotionIdsOf(p))) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return promotions.map((p) => ({
      id: p.idGlobal,
      primary: p.name,
      secondary: [p.name_promotion, plural(counts.get(Number(p.id)) ?? 0, 'produit', 'produits')].filter(Boolean).join(' · '),
    }));
  }, [promotions, document.items]);

  const deleteElement = useCallback(
    async (id: string) => {
      const error = await send(removePromotion(document, id));
      if (error) {
        toastSaveError(toast, error, SAVE_FAILED);
        return false;
      }
      toast.success('Promotion supprimée : elle est dans la corbeille.');
      return true;
    },
    [document, send, toast],
  );

  return (
    <MasterDetail
      rows={rows}
      canEdit={canEdit}
      searchThing="une promotion"
      countLabel={countPromotions}
      addLabel="Nouvelle promotion"
      listLabel="Promotions"
      emptyTitle="Aucune promotion"
      emptyMessage="Créez une promotion (remise, libellé, produits concernés) pour la proposer sur la carte."
      icon={<LocalOfferOutlinedIcon />}
      deleteKind="promotion"
      deleteElement={deleteElement}
      renderDetail={({ id, onSaved, onDelete, onDirtyChange }) => (
        <PromotionEditor
          document={document}
          promotion={promotions.find((p) => p.idGlobal === id) ?? null}
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

interface PromotionEditorProps {
  document: MenuDocument;
  promotion: Promotion | null;
  products: readonly PickableProduct[];
  canEdit: boolean;
  saving: boolean;
  send: EditorViewProps['send'];
  onSaved: (idGlobal: string) => void;
  onDelete: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

function PromotionEditor({ document, promotion, products, canEdit, saving, send, onSaved, onDelete, onDirtyChange }: PromotionEditorProps) {
  const toast = useToast();
  const [problems, setProblems] = useState<string[]>([]);
  const sizes = useMemo(() => [{ value: '0', label: 'Toutes les tailles' }, ...sizeChoices(document).map((s) => ({ value: String(s.code), label: s.label }))], [document]);
  const form = useForm<PromotionForm>({ resolver: zodResolver(promotionSchema), defaultValues: promotionFormValues(document, promotion) });
  const { control, handleSubmit, formState, reset, setError } = form;
  const readOnly = !canEdit;
  useEffect(() => onDirtyChange(formState.isDirty), [formState.isDirty, onDirtyChange]);

  const submit = handleSubmit(async (values) => {
    setProblems([]);
    const result = savePromotion(document, promotion?.idGlobal ?? null, values);
    const error = await send(result.document);
    if (error) {
      toast.error(SAVE_FAILED);
      setProblems(
        placeServerErrors<PromotionForm>(
          error,
          `body.promotions[${result.index}]`,
          (rest) => {
            const field = /^\.(\w+)$/.exec(rest)?.[1] as keyof PromotionForm | undefined;
            return field && PROMOTION_FIELDS.has(field) ? field : null;
          },
          setError,
        ),
      );
      return;
    }
    toast.success(SAVE_SUCCESS);
    reset(values);
    if (!promotion) onSaved(result.idGlobal);
  });

  return (
    <DetailForm
      label="Fiche promotion"
      title={promotion ? promotion.name || 'Sans nom' : 'Nouvelle promotion'}
      subtitle={promotion ? (Number.isFinite(Number(promotion.id)) ? `Promotion n° ${promotion.id}` : undefined) : 'Renseignez la promotion puis enregistrez.'}
      canEdit={canEdit}
      isNew={!promotion}
      saving={saving || formState.isSubmitting}
      dirty={formState.isDirty}
      problems={problems}
      onSubmit={(e) => void submit(e)}
      onDelete={onDelete}
    >
      <FormSection title="Général">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <FormText control={control} name="name" label="Nom" required disabled={readOnly} />
          <FormText control={control} name="name_promotion" label="Libellé de la promotion" disabled={readOnly} />
          <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
            <FormText control={control} name="description" label="Description" multiline disabled={readOnly} />
          </Box>
          <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
            <FormText control={control} name="text_promo" label="Texte promotionnel" multiline disabled={readOnly} />
          </Box>
        </Box>
      </FormSection>
      <FormSection title="Remise">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
          <FormText control={control} name="discount" label="Valeur de la remise" inputMode="decimal" placeholder="0,00" disabled={readOnly} />
          <FormText control={control} name="label_discount" label="Libellé de la remise" disabled={readOnly} />
          <FormText control={control} name="quantity" label="Quantité" inputMode="numeric" placeholder="0" disabled={readOnly} />
        </Box>
      </FormSection>
      <FormSection title="Conditions">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
          <FormSelect control={control} name="type_order" label="Type de commande" options={ORDER_TYPE_CHOICES} disabled={readOnly} />
          <FormSelect control={control} name="size_product" label="Taille du produit" options={sizes} disabled={readOnly} />
          <FormText control={control} name="label_size_product" label="Libellé de la taille" disabled={readOnly} />
        </Box>
      </FormSection>
      <PromotionProducts control={control} products={products} readOnly={readOnly} />
    </DetailForm>
  );
}

const SHOWN = 80;

/** The products the promotion applies to: chips, and the picker to change them. */
function PromotionProducts({ control, products, readOnly }: { control: Control<PromotionForm>; products: readonly PickableProduct[]; readOnly: boolean }) {
  const { field } = useController({ control, name: 'products' });
  const [picking, setPicking] = useState(false);
  const ids = field.value;
  const chosen = useMemo(() => {
    const set = new Set(ids);
    return products.filter((p) => set.has(p.id));
  }, [ids, products]);
  const remove = (id: number) => field.onChange(ids.filter((x) => x !== id));

  return (
    <FormSection
      title={`Produits concernés (${chosen.length})`}
      action={
        !readOnly && (
          <Button size="small" startIcon={<PlaylistAddCheckRoundedIcon />} onClick={() => setPicking(true)}>
            Choisir les produits
          </Button>
        )
      }
    >
      {chosen.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          La promotion ne s’applique encore à aucun produit.
        </Typography>
      ) : (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.75 }} aria-label="Produits concernés">
          {chosen.slice(0, SHOWN).map((p) => (
            <Chip
              key={p.id}
              size="small"
              label={p.name || 'Sans nom'}
              title={p.category}
              onDelete={readOnly ? undefined : () => remove(p.id)}
            />
          ))}
          {chosen.length > SHOWN && <Chip size="small" variant="outlined" label={`+ ${chosen.length - SHOWN} autres`} />}
        </Stack>
      )}
      <ProductPicker
        open={picking}
        title="Produits concernés par la promotion"
        products={products}
        initial={ids}
        confirmLabel="Valider"
        onClose={() => setPicking(false)}
        onConfirm={(next) => {
          field.onChange(next);
          setPicking(false);
        }}
      />
    </FormSection>
  );
}
