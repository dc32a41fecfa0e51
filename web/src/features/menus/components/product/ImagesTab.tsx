import { memo, useId, useRef, useState, type DragEvent } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { Alert, Box, Button, CircularProgress, LinearProgress, Stack, Typography } from '@mui/material';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import UploadRoundedIcon from '@mui/icons-material/UploadRounded';
import { errorMessage } from '../../../../api/client';
import type { ProductForm } from '../../schemas';
import { IMAGE_ACCEPT, imageFileError, uploadImage, useImageUrl, type StoredImage } from '../../productImages';
import { Section, type TabProps } from './fields';

function Preview({ path, alt }: { path: string; alt: string }) {
  const image = useImageUrl('products', path);
  if (!path) {
    return (
      <Stack sx={{ alignItems: 'center', color: 'text.secondary' }} spacing={0.5}>
        <ImageOutlinedIcon />
        <Typography variant="caption">Aucune image</Typography>
      </Stack>
    );
  }
  if (image.failed) {
    return (
      <Typography variant="caption" sx={{ color: 'error.main', px: 1, textAlign: 'center' }}>
        Image introuvable
      </Typography>
    );
  }
  if (!image.url) return <CircularProgress size={24} aria-label="Chargement de l'image" />;
  return <Box component="img" src={image.url} alt={alt} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />;
}

interface ImageFieldProps {
  control: Control<ProductForm>;
  name: 'path' | 'path_product_moment';
  title: string;
  hint: string;
  moment: boolean;
  disabled: boolean;
  /** The product name, which names the stored file. */
  productName: string;
  onUploaded?: (file: File) => void;
  onRemoved?: () => void;
}

/** One image of the product: preview, upload (button or drag-and-drop), replace, remove. Saved with the form. */
function ImageField({ control, name, title, hint, moment, disabled, productName, onUploaded, onRemoved }: ImageFieldProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const upload = useMutation<StoredImage, Error, File>({
    mutationFn: (file) => uploadImage('products', file, { name: productName, moment }),
  });

  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const send = (file: File | undefined) => {
          if (!file) return;
          const problem = imageFileError(file);
          setRefused(problem);
          upload.reset();
          if (problem) return;
          upload.mutate(file, {
            onSuccess: (stored) => {
              field.onChange(stored.path);
              onUploaded?.(file);
            },
          });
        };
        const drop = (e: DragEvent) => {
          e.preventDefault();
          setOver(false);
          if (!disabled && !upload.isPending) send(e.dataTransfer.files[0]);
        };
        return (
          <Section title={title} hint={hint}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
              <Box
                onDragOver={(e) => {
                  e.preventDefault();
                  if (!disabled) setOver(true);
                }}
                onDragLeave={() => setOver(false)}
                onDrop={drop}
                aria-label={`${title} : déposez une image ici`}
                sx={{
                  width: 180,
                  height: 180,
                  flexShrink: 0,
                  border: 2,
                  borderStyle: 'dashed',
                  borderColor: over ? 'primary.main' : 'divider',
                  bgcolor: over ? 'action.hover' : 'background.default',
                  borderRadius: 2,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  overflow: 'hidden',
                  position: 'relative',
                }}
              >
                <Preview path={field.value} alt={title} />
                {upload.isPending && <LinearProgress aria-label="Envoi de l'image" sx={{ position: 'absolute', left: 0, right: 0, bottom: 0 }} />}
              </Box>
              <Stack spacing={1} sx={{ minWidth: 0, flex: 1 }}>
                {!disabled && (
                  <Stack direction="row" spacing={1}>
                    <input
                      ref={input}
                      id={inputId}
                      type="file"
                      accept={IMAGE_ACCEPT}
                      hidden
                      aria-label={`Fichier ${title}`}
                      onChange={(e) => {
                        send(e.target.files?.[0]);
                        e.target.value = '';
                      }}
                    />
                    <Button variant="outlined" size="small" startIcon={<UploadRoundedIcon />} loading={upload.isPending} onClick={() => input.current?.click()}>
                      {field.value ? 'Remplacer' : 'Choisir une image'}
                    </Button>
                    {field.value && (
                      <Button
                        size="small"
                        color="error"
                        disabled={upload.isPending}
                        onClick={() => {
                          field.onChange('');
                          setRefused(null);
                          onRemoved?.();
                        }}
                      >
                        Retirer
                      </Button>
                    )}
                  </Stack>
                )}
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {upload.isPending ? 'Envoi en cours…' : disabled ? (field.value ? field.value : 'Aucune image.') : 'PNG, JPEG ou WebP, 2 Mo au plus. Glissez-déposez une image sur le cadre.'}
                </Typography>
                {!upload.isPending && upload.isSuccess && (
                  <Typography variant="caption" sx={{ color: 'success.main' }}>
                    Image envoyée : elle sera enregistrée avec le produit.
                  </Typography>
                )}
                {(refused || upload.isError) && (
                  <Alert severity="error" sx={{ py: 0 }}>
                    {refused ?? errorMessage(upload.error)}
                  </Alert>
                )}
              </Stack>
            </Stack>
          </Section>
        );
      }}
    />
  );
}

/** 'Images': the product's image (path) and its '_Moment' variant (path_product_moment). */
export const ImagesTab = memo(function ImagesTab({ control, disabled, setMomentType }: TabProps & { setMomentType: (type: string) => void }) {
  const productName = useWatch({ control, name: 'name' });
  return (
    <Stack spacing={3}>
      <ImageField
        control={control}
        name="path"
        title="Image du produit"
        hint="Affichée sur la borne, la caisse et la commande en ligne."
        moment={false}
        disabled={disabled}
        productName={productName}
      />
      <ImageField
        control={control}
        name="path_product_moment"
        title="Image « Moment »"
        hint="Variante mise en avant du produit (produit du moment)."
        moment
        disabled={disabled}
        productName={productName}
        onUploaded={(file) => setMomentType(file.type)}
        onRemoved={() => setMomentType('')}
      />
    </Stack>
  );
});
