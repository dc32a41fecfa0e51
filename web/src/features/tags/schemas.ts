// The tag form (zod/mini): the checks a user can get right before asking the server.
import * as z from 'zod/mini';
import { isClock, type TagValues } from './tagEdits';

export const END_AFTER_START = 'La fin doit être après le début.';
export const CLOCK_FORMAT = 'Saisissez une heure au format HH:MM.';

const clock = z.string().check(z.refine(isClock, CLOCK_FORMAT));

const periodSchema = z
  .object({ id: z.number(), start: clock, end: clock })
  .check(z.refine((p) => !isClock(p.start) || !isClock(p.end) || p.end > p.start, { path: ['end'], message: END_AFTER_START }));

export const tagSchema = z.object({
  name_tag: z.string().check(z.trim(), z.minLength(1, 'Le nom du tag est obligatoire.'), z.maxLength(120, 'Le nom ne doit pas dépasser 120 caractères.')),
  number_tag: z.string().check(z.refine((t) => /^\s*\d{1,6}\s*$/.test(t), 'Saisissez un numéro entier positif ou nul.')),
  logo_tag: z.string(),
  background_catalog: z.string(),
  orderTypes: z.array(z.number()),
  days: z.array(z.object({ day_of_week: z.number(), periods: z.array(periodSchema) })),
});

export type TagForm = z.infer<typeof tagSchema>;

export const formOf = (values: TagValues): TagForm => ({ ...values, number_tag: String(values.number_tag) });
export const valuesOf = (form: TagForm): TagValues => ({ ...form, name_tag: form.name_tag.trim(), number_tag: Number(form.number_tag.trim()) });
