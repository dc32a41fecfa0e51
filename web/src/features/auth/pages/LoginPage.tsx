import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Alert, Box, Button, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import { LightTextField } from '../../../components/LightTextField';
import { sessionStore } from '../../../app/session';
import { storage } from '../../../app/storage';
import { AuthLayout, TAGLINE } from '../AuthLayout';
import { PasswordField } from '../components/PasswordField';
import { signinMutation } from '../queries';
import { signinKinds, type SigninKind } from '../kinds';

const KIND_KEY = 'brigade.signinKind';

export const signinTabs: Record<SigninKind, { label: string; hint: string }> = {
  franchise: { label: 'Franchise', hint: 'Propriétaire de franchise ou super-admin' },
  restaurant: { label: 'Restaurant', hint: 'Compte restaurant ou modérateur' },
  guest: { label: 'Invité', hint: 'Accès invité à une sélection de restaurants' },
};

interface SigninForm {
  login: string;
  password: string;
}

/**
 * The form's two checks, written out rather than with react-hook-form and zod (~23 kB gzip the
 * first screen need not download); the other auth forms keep them.
 */
function signinErrors(values: SigninForm): Partial<Record<keyof SigninForm, string>> {
  const errors: Partial<Record<keyof SigninForm, string>> = {};
  if (values.login.trim() === '') errors.login = 'Veuillez saisir votre identifiant.';
  if (values.password === '') errors.password = 'Veuillez saisir votre mot de passe.';
  return errors;
}

function readKind(): SigninKind {
  const stored = storage.get(KIND_KEY);
  return signinKinds.find((k) => k === stored) ?? 'franchise';
}

export function LoginPage() {
  const [kind, setKind] = useState<SigninKind>(readKind);
  const signin = useMutation({
    ...signinMutation(),
    // The sign-in route's guard sends the new session on to the dashboard (or where it came from).
    onSuccess: (user) => sessionStore.set(user),
  });
  const [values, setValues] = useState<SigninForm>({ login: '', password: '' });
  // As before with react-hook-form: no message until the first submit, then checked as one types.
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? signinErrors(values) : {};
  const loginRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const field = (name: keyof SigninForm) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    const found = signinErrors(values);
    // The first field in error takes the focus, so a screen reader reads its message.
    if (found.login) loginRef.current?.focus();
    else if (found.password) passwordRef.current?.focus();
    else signin.mutate({ kind, login: values.login.trim(), password: values.password });
  };

  const changeKind = (next: SigninKind) => {
    setKind(next);
    storage.set(KIND_KEY, next);
    signin.reset();
  };

  return (
    <AuthLayout title="Connexion" subtitle="Heureux de vous revoir. Connectez-vous à l’espace de votre franchise.">
      <Tabs
        value={kind}
        onChange={(_, next: SigninKind) => changeKind(next)}
        variant="fullWidth"
        aria-label="Type de compte"
        sx={(theme) => ({
          p: 0.5,
          minHeight: 0,
          borderRadius: 2.5,
          backgroundColor: theme.palette.mode === 'dark' ? 'rgba(255,255,255,0.05)' : 'rgba(15,23,42,0.05)',
          '& .MuiTabs-indicator': {
            height: '100%',
            borderRadius: 2,
            backgroundColor: 'background.paper',
            boxShadow: theme.palette.mode === 'dark' ? 'none' : '0 1px 3px rgba(15,23,42,0.12)',
            border: theme.palette.mode === 'dark' ? `1px solid ${theme.palette.divider}` : 'none',
          },
          '& .MuiTab-root': { zIndex: 1, minHeight: 36, py: 0.75, borderRadius: 2, color: 'text.secondary' },
          '& .MuiTab-root.Mui-selected': { color: 'text.primary' },
        })}
      >
        {signinKinds.map((k) => (
          <Tab key={k} value={k} label={signinTabs[k].label} />
        ))}
      </Tabs>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1.25, textAlign: 'center' }}>
        {signinTabs[kind].hint}
      </Typography>

      <Box component="form" noValidate onSubmit={onSubmit} sx={{ mt: 3 }}>
        <Stack spacing={2.25}>
          {signin.isError && (
            <Alert severity="error" role="alert">
              {signin.error.detail}
            </Alert>
          )}
          <LightTextField
            label="Identifiant"
            autoComplete="username"
            autoFocus
            fullWidth
            error={Boolean(errors.login)}
            helperText={errors.login}
            inputRef={loginRef}
            {...field('login')}
          />
          <Box>
            <PasswordField
              label="Mot de passe"
              autoComplete="current-password"
              fullWidth
              error={Boolean(errors.password)}
              helperText={errors.password}
              inputRef={passwordRef}
              {...field('password')}
            />
            <Box sx={{ textAlign: 'right', mt: 1 }}>
              <Link component={RouterLink} to="/auth/forgotPassword" variant="body2" underline="hover" sx={{ fontWeight: 500 }}>
                Mot de passe oublié ?
              </Link>
            </Box>
          </Box>
          <Button type="submit" variant="contained" size="large" fullWidth loading={signin.isPending}>
            Se connecter
          </Button>
        </Stack>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 4, textAlign: 'center' }}>
        Nouvelle franchise ?{' '}
        <Link component={RouterLink} to="/auth/signup" underline="hover" sx={{ fontWeight: 600 }}>
          Créer un compte
        </Link>
      </Typography>
      <Typography variant="caption" component="p" sx={{ display: { md: 'none' }, color: 'text.secondary', mt: 3, textAlign: 'center' }}>
        {TAGLINE}
      </Typography>
    </AuthLayout>
  );
}
