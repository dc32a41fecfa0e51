import { useCallback, useEffect, useState, type BaseSyntheticEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { get, useForm, useWatch, type DefaultValues, type FieldPath, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { errorMessage, type ApiError } from '../../api/client';
import { useToast } from '../../components/Toast';
import { saveSettingsMutation, settingsSaved } from './queries';
import { formPath, mergeEdits } from './rules';
import type { SettingsBody, SettingsKind, SettingsValue } from './types';
import { useCanEdit } from './useCanEdit';

export const SAVED_TEXT = 'Paramètres enregistrés.';
export const READ_ONLY_TEXT = "Lecture seule : seul l'administrateur de la franchise modifie ces paramètres.";
export const STALE_TEXT = "Ces paramètres ont été modifiés entre-temps par quelqu'un d'autre. Rechargez-les : vos modifications sont conservées.";
export const FIX_FIELDS_TEXT = 'Corrigez les champs signalés puis enregistrez à nouveau.';

export interface SettingsEditorOptions<K extends SettingsKind, F extends FieldValues> {
  kind: K;
  /** The list as the query holds it now. */
  body: SettingsBody<K>;
  /** Asks the server again; resolves with the fresh list. */
  reload: () => Promise<SettingsBody<K>>;
  resolver: Resolver<F>;
  toForm: (value: SettingsValue<K>) => F;
  toValue: (form: F, base: SettingsValue<K>) => SettingsValue<K>;
  /** Form paths shown with their own message: a server field error on one of them lands there. */
  fields: RegExp;
  /** Fixes what a merge after a reload may leave inconsistent (e.g. two default languages). */
  settle?: (merged: F, mine: F) => F;
  /** Toasts: success (default 'Paramètres enregistrés.') and, optionally, one for any failure. */
  messages?: { success?: string; failure?: string };
}

export interface SettingsEditor<K extends SettingsKind, F extends FieldValues> {
  form: UseFormReturn<F>;
  /** The list the form was filled from (its version goes in If-Match). */
  base: SettingsBody<K>;
  readOnly: boolean;
  /** Something differs from `base` (read now; useDirty re-renders with it). */
  isDirty: () => boolean;
  saving: boolean;
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** Drops the edits: back to the server's latest list. */
  cancel: () => void;
  /** A newer version exists (409, or a server event while the user was typing). */
  conflict: string | null;
  reloading: boolean;
  reloadKeepingEdits: () => Promise<void>;
  /** 403 on save: the server says this user cannot change settings. */
  forbidden: string | null;
  /** Another failure, shown above the form. */
  failure: string | null;
}

const sameBody = (a: { version: number; value: unknown }, b: { version: number; value: unknown }) =>
  a.version === b.version && JSON.stringify(a.value) === JSON.stringify(b.value);

/**
 * One settings list in one react-hook-form: filled from the server, saved with the version it was
 * read at, and never losing what the user typed — a refetch while the form is untouched refreshes
 * it, otherwise a banner offers to reload (the user's edits merged over the newer list).
 */
export function useSettingsEditor<K extends SettingsKind, F extends FieldValues>(options: SettingsEditorOptions<K, F>): SettingsEditor<K, F> {
  const { kind, body, reload, resolver, toForm, toValue, fields, settle, messages } = options;
  const client = useQueryClient();
  const toast = useToast();
  const canEdit = useCanEdit();
  const [base, setBase] = useState(body);
  const [conflict, setConflict] = useState<string | null>(null);
  const [forbidden, setForbidden] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);

  const form = useForm<F>({ resolver, defaultValues: toForm(body.value) as DefaultValues<F> });
  const { reset, getValues, setError, clearErrors } = form;
  // Read on demand rather than watched here, so a keystroke re-renders the field and the action
  // bar (useDirty), not every row of the list.
  const isDirty = useCallback(
    () => JSON.stringify(toValue(getValues(), base.value)) !== JSON.stringify(toValue(toForm(base.value), base.value)),
    [getValues, toValue, toForm, base],
  );

  // The server's list moved on (event, focus refetch): taken at once when nothing is typed.
  useEffect(() => {
    if (sameBody(body, base)) return;
    if (!isDirty()) {
      setBase(body);
      setConflict(null);
      reset(toForm(body.value));
    }
  }, [body, base, reset, toForm, isDirty]);

  // Leaving the page with unsaved changes asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (isDirty()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const placeFieldErrors = (error: ApiError): string[] => {
    const unplaced: string[] = [];
    let first = true;
    for (const e of error.errors) {
      const path = formPath(e.location);
      if (path && fields.test(path) && get(getValues(), path) !== undefined && e.message) {
        setError(path as FieldPath<F>, { type: 'server', message: e.message }, { shouldFocus: first });
        first = false;
      } else if (e.message) {
        unplaced.push(e.message);
      }
    }
    return first ? [error.detail] : unplaced;
  };

  const save = useMutation({
    ...saveSettingsMutation(kind),
    onSuccess: (saved) => {
      settingsSaved(client, kind, saved);
      setBase(saved);
      setConflict(null);
      setFailure(null);
      reset(toForm(saved.value));
      toast.success(messages?.success ?? SAVED_TEXT);
    },
    onError: (error) => {
      if (messages?.failure) toast.error(messages.failure);
      if (error.status === 409) setConflict(error.detail);
      else if (error.status === 403) setForbidden(error.detail);
      else if (error.status === 422) {
        const rest = placeFieldErrors(error);
        setFailure(rest.length ? rest.join(' ') : FIX_FIELDS_TEXT);
      } else setFailure(error.detail);
    },
  });

  const readOnly = !canEdit || forbidden !== null;

  const submit = form.handleSubmit((edited) => {
    if (readOnly) return;
    setFailure(null);
    save.mutate({ version: base.version, value: toValue(edited, base.value) });
  });

  // Dropping the edits shows the server's latest list (which may be newer than `base`).
  const cancel = useCallback(() => {
    setBase(body);
    setConflict(null);
    setFailure(null);
    reset(toForm(body.value));
    clearErrors();
  }, [body, reset, clearErrors, toForm]);

  const reloadKeepingEdits = async () => {
    setReloading(true);
    try {
      const fresh = await reload();
      const mine = getValues();
      const merged = mergeEdits(toForm(base.value), mine, toForm(fresh.value));
      setBase(fresh);
      setConflict(null);
      setFailure(null);
      reset(settle ? settle(merged, mine) : merged);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setReloading(false);
    }
  };

  const stale = !sameBody(body, base) ? STALE_TEXT : null;

  return {
    form,
    base,
    readOnly,
    isDirty,
    saving: save.isPending,
    submit,
    cancel,
    conflict: conflict ?? stale,
    reloading,
    reloadKeepingEdits,
    forbidden,
    failure,
  };
}

/** Whether the form differs from its base, re-rendering the caller (only) as the user types. */
export function useDirty<K extends SettingsKind, F extends FieldValues>(editor: SettingsEditor<K, F>): boolean {
  useWatch({ control: editor.form.control });
  return !editor.readOnly && editor.isDirty();
}
