import { Link as RouterLink } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Alert, Box, Button, Link, Stack, TextField } from '@mui/material';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import { AuthLayout } from '../AuthLayout';
import { forgotPasswordMutation } from '../queries';
import { forgotPasswordSchema, type ForgotPasswordForm } from '../schemas';

export const FORGOT_SENT_TEXT =
  'Si un compte correspond à cet identifiant, un e-mail contenant un lien de réinitialisation vient de lui être envoyé.';

export function ForgotPasswordPage() {
  const forgot = useMutation(forgotPasswordMutation());
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordForm>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { login: '' } });

  return (
    <AuthLayout
      title="Mot de passe oublié"
      subtitle="Indiquez votre identifiant : nous vous enverrons un lien pour choisir un nouveau mot de passe."
    >
      <Box component="form" noValidate onSubmit={handleSubmit((v) => forgot.mutate(v))}>
        <Stack spacing={2.25}>
          {forgot.isSuccess && <Alert severity="success">{FORGOT_SENT_TEXT}</Alert>}
          {forgot.isError && <Alert severity="error">{forgot.error.detail}</Alert>}
          <TextField
            label="Identifiant"
            autoComplete="username"
            autoFocus
            fullWidth
            error={Boolean(errors.login)}
            helperText={errors.login?.message}
            {...register('login')}
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={forgot.isPending}>
            Envoyer le lien
          </Button>
          <Link
            component={RouterLink}
            to="/auth/login"
            underline="hover"
            variant="body2"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, alignSelf: 'center', fontWeight: 500 }}
          >
            <ArrowBackRoundedIcon sx={{ fontSize: 16 }} /> Retour à la connexion
          </Link>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
