// zod/mini: the same validation as zod's classic API for a fraction of the bundle.
import * as z from 'zod/mini';

// The sign-in form is checked by the page itself, without zod (LoginPage): the first screen stays light.
export { signinKinds, type SigninKind } from './kinds';

const required = (message: string) => z.string().check(z.trim(), z.minLength(1, message));
const newPassword = z.string().check(z.minLength(8, 'Le mot de passe doit contenir au moins 8 caractères.'));
const samePasswords = z.refine<{ password: string; confirm: string }>((v) => v.password === v.confirm, {
  path: ['confirm'],
  message: 'Les deux mots de passe ne correspondent pas.',
});

export const forgotPasswordSchema = z.object({
  login: required('Veuillez saisir votre identifiant.'),
});
export type ForgotPasswordForm = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    password: newPassword,
    confirm: z.string().check(z.minLength(1, 'Veuillez confirmer le mot de passe.')),
  })
  .check(samePasswords);
export type ResetPasswordForm = z.infer<typeof resetPasswordSchema>;

export const signupSchema = z
  .object({
    franchiseName: z.string().check(z.trim(), z.minLength(2, 'Le nom de la franchise doit contenir au moins 2 caractères.')),
    login: z.string().check(z.trim(), z.minLength(3, "L'identifiant doit contenir au moins 3 caractères.")),
    email: z.string().check(z.trim(), z.email('Veuillez saisir une adresse e-mail valide.')),
    password: newPassword,
    confirm: z.string().check(z.minLength(1, 'Veuillez confirmer le mot de passe.')),
  })
  .check(samePasswords);
export type SignupForm = z.infer<typeof signupSchema>;
