import { Link as RouterLink } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { sessionStore } from '../../../app/session';
import { AuthLayout } from '../AuthLayout';
import { PasswordField } from '../components/PasswordField';
import { signupMutation } from '../queries';
import { signupSchema, type SignupForm } from '../schemas';

/** Sign-up creates a new franchise and its owner (DECISIONS: never joins an existing franchise). */
export function SignupPage() {
  const signup = useMutation({ ...signupMutation(), onSuccess: (user) => sessionStore.set(user) });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignupForm>({
    resolver: zodResolver(signupSchema),
    defaultValues: { franchiseName: '', login: '', email: '', password: '', confirm: '' },
  });

  const fieldError = (name: string) => signup.error?.errors.find((e) => e.location === `body.${name}`)?.message;

  return (
    <AuthLayout title="Créer votre franchise" subtitle="Quelques informations et votre espace Brigade est prêt.">
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit(({ confirm: _confirm, ...v }) => signup.mutate(v))}
      >
        <Stack spacing={2.25}>
          {signup.isError && <Alert severity="error">{signup.error.detail}</Alert>}
          <TextField
            label="Nom de la franchise"
            autoFocus
            fullWidth
            error={Boolean(errors.franchiseName ?? fieldError('franchiseName'))}
            helperText={errors.franchiseName?.message ?? fieldError('franchiseName')}
            {...register('franchiseName')}
          />
          <TextField
            label="Identifiant"
            autoComplete="username"
            fullWidth
            error={Boolean(errors.login ?? fieldError('login'))}
            helperText={errors.login?.message ?? fieldError('login')}
            {...register('login')}
          />
          <TextField
            label="Adresse e-mail"
            type="email"
            autoComplete="email"
            fullWidth
            error={Boolean(errors.email ?? fieldError('email'))}
            helperText={errors.email?.message ?? fieldError('email')}
            {...register('email')}
          />
          <PasswordField
            label="Mot de passe"
            autoComplete="new-password"
            fullWidth
            error={Boolean(errors.password ?? fieldError('password'))}
            helperText={errors.password?.message ?? fieldError('password')}
            {...register('password')}
          />
          <PasswordField
            label="Confirmation du mot de passe"
            autoComplete="new-password"
            fullWidth
            error={Boolean(errors.confirm)}
            helperText={errors.confirm?.message}
            {...register('confirm')}
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={signup.isPending}>
            Créer mon compte
          </Button>
        </Stack>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 4, textAlign: 'center' }}>
        Déjà un compte ?{' '}
        <Link component={RouterLink} to="/auth/login" underline="hover" sx={{ fontWeight: 600 }}>
          Se connecter
        </Link>
      </Typography>
    </AuthLayout>
  );
}
