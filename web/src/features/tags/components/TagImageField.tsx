import { useId, useRef, useState, type DragEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Box, Button, CircularProgress, LinearProgress, Stack, Typography } from '@mui/material';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import UploadRoundedIcon from '@mui/icons-material/UploadRounded';
import { errorMessage } from '../../../api/client';
import { IMAGE_ACCEPT, imageFileError, uploadImage, useImageUrl, type StoredImage } from '../../menus/productImages';
import { TAG_IMAGE_KIND } from '../queries';

/** A stored tag image, or a placeholder. */
export function TagImage({ path, alt, size = 24 }: { path: string; alt: string; size?: number }) {
  const image = useImageUrl(TAG_IMAGE_KIND, path);
  if (!path) return <ImageOutlinedIcon aria-label="Aucune image" sx={{ color: 'text.disabled' }} />;
  if (image.failed) {
    return (
      <Typography variant="caption" sx={{ color: 'error.main', px: 1, textAlign: 'center' }}>
        Image introuvable
      </Typography>
    );
  }
  if (!image.url) return <CircularProgress size={size} aria-label="Chargement de l'image" />;
  return <Box component="img" src={image.url} alt={alt} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />;
}

export interface TagImageFieldProps {
  title: string;
  hint: string;
  value: string;
  onChange: (path: string) => void;
  /** Names the stored file ('{tag} logo'). */
  fileName: string;
  disabled: boolean;
  /** A server message about this field. */
  error?: string;
  wide?: boolean;
}

/** One image of the tag: preview, upload (button or drag-and-drop), replace, remove. Saved with the form. */
export function TagImageField({ title, hint, value, onChange, fileName, disabled, error, wide = false }: TagImageFieldProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const upload = useMutation<StoredImage, Error, File>({
    mutationFn: (file) => uploadImage(TAG_IMAGE_KIND, file, { name: fileName }),
    onSuccess: (stored) => onChange(stored.path),
  });

  const send = (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileError(file);
    setRefused(problem);
    upload.reset();
    if (!problem) upload.mutate(file);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled && !upload.isPending) send(e.dataTransfer.files[0]);
  };
  const message = refused ?? (upload.isError ? errorMessage(upload.error) : error);

  return (
    <Stack spacing={1.25}>
      <Box>
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {hint}
        </Typography>
      </Box>
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        aria-label={`${title} : déposez une image ici`}
        sx={{
          width: wide ? 280 : 160,
          maxWidth: '100%',
          height: 160,
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : message ? 'error.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'background.default',
          borderRadius: 2,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
          position: 'relative',
        }}
      >
        <TagImage path={value} alt={title} />
        {upload.isPending && <LinearProgress aria-label="Envoi de l'image" sx={{ position: 'absolute', left: 0, right: 0, bottom: 0 }} />}
      </Box>
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
            {value ? 'Remplacer' : 'Choisir une image'}
          </Button>
          {value && (
            <Button
              size="small"
              color="error"
              disabled={upload.isPending}
              onClick={() => {
                onChange('');
                setRefused(null);
                upload.reset();
              }}
            >
              Retirer
            </Button>
          )}
        </Stack>
      )}
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {upload.isPending ? 'Envoi en cours…' : disabled ? (value ? '' : 'Aucune image.') : 'PNG, JPEG ou WebP, 2 Mo au plus.'}
      </Typography>
      {message && (
        <Alert severity="error" sx={{ py: 0 }}>
          {message}
        </Alert>
      )}
    </Stack>
  );
}
