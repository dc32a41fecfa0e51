import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { isConflict, toastSaveError } from './saveError';

const STALE = "Cette carte a été modifiée entre-temps par quelqu'un d'autre. Rechargez-la pour voir ses changements avant d'enregistrer les vôtres.";
const FAILED = "L'enregistrement a échoué.";

describe('toastSaveError', () => {
  it("shows the server's conflict message on a 409 and raises the reload banner", () => {
    const toast = { error: vi.fn() };
    const onConflict = vi.fn();
    const conflict = toastSaveError(toast, new ApiError(409, { status: 409, detail: STALE }), FAILED, onConflict);
    expect(conflict).toBe(true);
    expect(toast.error).toHaveBeenCalledExactlyOnceWith(STALE);
    expect(onConflict).toHaveBeenCalledExactlyOnceWith(STALE);
  });

  it('falls back to the French default of a 409 without a detail', () => {
    const toast = { error: vi.fn() };
    toastSaveError(toast, new ApiError(409, undefined), FAILED);
    expect(toast.error).toHaveBeenCalledExactlyOnceWith('Cet élément a été modifié entre-temps. Rechargez la page puis réessayez.');
  });

  it.each([
    ['a refused value', new ApiError(422, { status: 422, detail: 'Le nom est obligatoire.' })],
    ['a missing carte', new ApiError(404, undefined)],
    ['an unreachable server', new ApiError(0, undefined)],
    ['a thrown error', new Error('réseau')],
    ['nothing', undefined],
  ])('shows the fallback for %s, with no banner', (_, error) => {
    const toast = { error: vi.fn() };
    const onConflict = vi.fn();
    expect(toastSaveError(toast, error, FAILED, onConflict)).toBe(false);
    expect(toast.error).toHaveBeenCalledExactlyOnceWith(FAILED);
    expect(onConflict).not.toHaveBeenCalled();
  });
});

describe('isConflict', () => {
  it('is true for a 409 only', () => {
    expect(isConflict(new ApiError(409, undefined))).toBe(true);
    expect(isConflict(new ApiError(412, undefined))).toBe(false);
    expect(isConflict({ status: 409, detail: STALE })).toBe(false);
  });
});
