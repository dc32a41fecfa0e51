import { Link as RouterLink, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Alert, Box, Button, Link, Stack } from '@mui/material';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import { splitParams } from '../../../app/routeTable';
import { AuthLayout } from '../AuthLayout';
import { PasswordField } from '../components/PasswordField';
import { resetPasswordMutation } from '../queries';
import { resetPasswordSchema, type ResetPasswordForm } from '../schemas';

export const INVALID_LINK_TEXT = 'Ce lien de réinitialisation est invalide. Demandez-en un nouveau.';
export const RESET_DONE_TEXT = 'Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.';

/** /auth/resetPassword/{franchiseId}&{token} */
export function ResetPasswordPage() {
  const { params } = useParams();
  const [rawFranchise, token] = splitParams(params);
  const franchiseId = Number(rawFranchise);
  const valid = Number.isInteger(franchiseId) && franchiseId > 0 && Boolean(token);
  const reset = useMutation(resetPasswordMutation());
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordForm>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { password: '', confirm: '' } });

  const back = (
    <Link
      component={RouterLink}
      to="/auth/login"
      underline="hover"
      variant="body2"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, alignSelf: 'center', fontWeight: 500 }}
    >
      <ArrowBackRoundedIcon sx={{ fontSize: 16 }} /> Retour à la connexion
    </Link>
  );

  if (!valid) {
    return (
      <AuthLayout title="Nouveau mot de passe">
        <Stack spacing={2.5}>
          <Alert severity="error">{INVALID_LINK_TEXT}</Alert>
          <Button component={RouterLink} to="/auth/forgotPassword" variant="contained" size="large">
            Demander un nouveau lien
          </Button>
          {back}
        </Stack>
      </AuthLayout>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthLayout title="Nouveau mot de passe">
        <Stack spacing={2.5}>
          <Alert severity="success">{RESET_DONE_TEXT}</Alert>
          <Button component={RouterLink} to="/auth/login" variant="contained" size="large">
            Se connecter
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Nouveau mot de passe" subtitle="Choisissez un mot de passe d’au moins 8 caractères.">
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit((v) => reset.mutate({ franchiseId, token: token ?? '', password: v.password }))}
      >
        <Stack spacing={2.25}>
          {reset.isError && <Alert severity="error">{reset.error.detail}</Alert>}
          <PasswordField
            label="Nouveau mot de passe"
            autoComplete="new-password"
            autoFocus
            fullWidth
            error={Boolean(errors.password)}
            helperText={errors.password?.message}
            {...register('password')}
          />
          <PasswordField
            label="Confirmation"
            autoComplete="new-password"
            fullWidth
            error={Boolean(errors.confirm)}
            helperText={errors.confirm?.message}
            {...register('confirm')}
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={reset.isPending}>
            Enregistrer le mot de passe
          </Button>
          {back}
        </Stack>
      </Box>
    </AuthLayout>
  );
}
