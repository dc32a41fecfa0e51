// zod/mini, as the rest of the app: what a user can get right before asking the server. The
// server stays the authority (unique login, restaurants of the franchise): its field errors land
// on the same fields.
import * as z from 'zod/mini';
import { personRoles } from './roles';
import type { NewPersonBody, Person, PersonBody } from './types';

export const MIN_PASSWORD = 8;
export const PASSWORD_TOO_SHORT = `Le mot de passe doit contenir au moins ${MIN_PASSWORD} caractères.`;
export const PASSWORD_MISMATCH = 'Les deux mots de passe ne correspondent pas.';

// Loose on purpose: the server parses the address; this only catches obvious typing slips.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const fields = {
  login: z.string().check(z.trim()),
  password: z.string(),
  confirmation: z.string(),
  nom: z.string().check(z.trim(), z.maxLength(80, 'Le nom ne doit pas dépasser 80 caractères.')),
  prenom: z.string().check(z.trim(), z.maxLength(80, 'Le prénom ne doit pas dépasser 80 caractères.')),
  email: z.string().check(z.trim(), z.maxLength(200, "L'adresse e-mail ne doit pas dépasser 200 caractères.")),
  role: z.enum(personRoles),
  /** A moderator's restaurant; 0 while none is chosen. */
  restaurantId: z.number(),
  /** A guest's or restaurant login's restaurants. */
  restaurants: z.array(z.number()),
};

/** The form's checks; login and password only exist when the account is being created. */
export function personSchema(creating: boolean) {
  return z.object(fields).check(
    z.superRefine((v, ctx) => {
      const issue = (path: keyof typeof fields, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message, input: v[path] });
      if (creating) {
        if (!v.login) issue('login', "L'identifiant est obligatoire.");
        else if (/\s/.test(v.login)) issue('login', "L'identifiant ne doit pas contenir d'espace.");
        else if (v.login.length > 80) issue('login', "L'identifiant ne doit pas dépasser 80 caractères.");
        if ([...v.password].length < MIN_PASSWORD) issue('password', PASSWORD_TOO_SHORT);
        else if (v.password.length > 72) issue('password', 'Le mot de passe ne doit pas dépasser 72 caractères.');
        if (v.confirmation !== v.password) issue('confirmation', PASSWORD_MISMATCH);
      }
      if (!v.nom) issue('nom', 'Le nom est obligatoire.');
      if (v.email && !EMAIL.test(v.email)) issue('email', `L'adresse e-mail « ${v.email} » n'est pas valide.`);
      if (v.role === 'moderator') {
        if (!v.restaurantId) issue('restaurantId', 'Choisissez le restaurant du modérateur.');
      } else if (v.restaurants.length === 0) {
        issue('restaurants', 'Choisissez au moins un restaurant.');
      }
    }),
  );
}

export type PersonForm = z.infer<ReturnType<typeof personSchema>>;

/** Field names the server's problem may point at (`body.<name>`). */
export const personFieldNames = ['login', 'password', 'nom', 'prenom', 'email', 'role', 'restaurantId', 'restaurants'] as const;

/** The starting values: a new guest, or the account being edited. */
export function personFormValues(p?: Person): PersonForm {
  return {
    login: p?.login ?? '',
    password: '',
    confirmation: '',
    nom: p?.nom ?? '',
    prenom: p?.prenom ?? '',
    email: p?.email ?? '',
    role: p?.role ?? 'guest',
    restaurantId: p?.role === 'moderator' ? p.restaurantId : 0,
    restaurants: p && p.role !== 'moderator' ? [...(p.restaurants ?? [])] : [],
  };
}

/** The body of a PUT: only the restaurant field that matters for the role is sent. */
export function personBody(form: PersonForm): PersonBody {
  const base = { nom: form.nom, prenom: form.prenom, email: form.email, role: form.role };
  return form.role === 'moderator' ? { ...base, restaurantId: form.restaurantId } : { ...base, restaurants: [...form.restaurants].sort((a, b) => a - b) };
}

export function newPersonBody(form: PersonForm): NewPersonBody {
  return { login: form.login, password: form.password, ...personBody(form) };
}

export const passwordSchema = z
  .object({ password: z.string(), confirmation: z.string() })
  .check(
    z.superRefine((v, ctx) => {
      if ([...v.password].length < MIN_PASSWORD) ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_TOO_SHORT, input: v.password });
      if (v.confirmation !== v.password) ctx.addIssue({ code: 'custom', path: ['confirmation'], message: PASSWORD_MISMATCH, input: v.confirmation });
    }),
  );

export type PasswordForm = z.infer<typeof passwordSchema>;
