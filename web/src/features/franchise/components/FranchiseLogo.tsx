import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CircularProgress, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import UploadRoundedIcon from '@mui/icons-material/UploadRounded';
import type { Franchise } from '../../../api/types';
import { useToast } from '../../../components/Toast';
import { franchiseInfoKeys, franchiseLogoQuery, franchiseSaved, LOGO_MAX_BYTES, LOGO_TYPES, uploadLogoMutation } from '../queries';

export const LOGO_TYPE_ERROR = 'Le logo doit être une image PNG, JPEG ou WebP.';
export const LOGO_SIZE_ERROR = 'Le logo ne doit pas dépasser 1 Mo.';

/** A blob shown through an object URL, released when the blob changes or the view goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** The franchise's logo, with its upload for admins (PNG, JPEG or WebP, 1 Mo at most). */
export function FranchiseLogo({ franchise, canEdit }: { franchise: Franchise; canEdit: boolean }) {
  const client = useQueryClient();
  const toast = useToast();
  const input = useRef<HTMLInputElement | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const logo = useQuery(franchiseLogoQuery(franchise.logo));
  const src = useObjectUrl(logo.data);

  const upload = useMutation({
    ...uploadLogoMutation(),
    onSuccess: (saved, file) => {
      // The file just sent is the new logo: no need to download it back.
      if (saved.logo) client.setQueryData(franchiseInfoKeys.logo(saved.logo), file);
      franchiseSaved(client, saved);
      setProblem(null);
      toast.success('Le logo est enregistré.');
    },
    onError: (error) => setProblem(error.detail),
  });

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return setProblem(LOGO_TYPE_ERROR);
    if (file.size > LOGO_MAX_BYTES) return setProblem(LOGO_SIZE_ERROR);
    setProblem(null);
    upload.mutate(file);
  };

  return (
    <Card component="section" aria-labelledby="logo-title" sx={{ p: 2.5 }}>
      <Typography id="logo-title" variant="subtitle1" component="h2" sx={{ fontWeight: 650, mb: 2 }}>
        Logo
      </Typography>
      <Stack direction="row" spacing={2.5} sx={{ alignItems: 'center' }}>
        <Box
          sx={(theme) => ({
            width: 112,
            height: 112,
            flexShrink: 0,
            borderRadius: 3,
            border: `1px dashed ${theme.palette.divider}`,
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
            bgcolor: alpha(theme.palette.text.primary, 0.02),
          })}
        >
          {franchise.logo && logo.isPending ? (
            <CircularProgress size={22} />
          ) : src ? (
            <Box component="img" src={src} alt={`Logo de ${franchise.name}`} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', p: 1.5 }} />
          ) : (
            <Stack sx={{ alignItems: 'center', color: 'text.secondary', gap: 0.5 }}>
              <ImageOutlinedIcon />
              <Typography variant="caption">{logo.isError ? 'Logo indisponible' : 'Aucun logo'}</Typography>
            </Stack>
          )}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: canEdit ? 1.5 : 0 }}>
            Affiché sur les bornes et les tickets. PNG, JPEG ou WebP, 1 Mo au plus.
          </Typography>
          {canEdit && (
            <>
              <input
                ref={input}
                type="file"
                hidden
                accept={LOGO_TYPES.join(',')}
                aria-label="Fichier du logo"
                data-testid="logo-input"
                onChange={(e) => choose(e.target.files?.[0])}
              />
              <Button variant="outlined" size="small" startIcon={<UploadRoundedIcon />} loading={upload.isPending} onClick={() => input.current?.click()}>
                {franchise.logo ? 'Changer le logo' : 'Ajouter un logo'}
              </Button>
            </>
          )}
        </Box>
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      )}
    </Card>
  );
}
