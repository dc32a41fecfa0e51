import { api, toApiError } from '../../api/client';
import type { ImageKind } from '../menus/productImages';

/**
 * Tag images live in their own folder (kind 'tags', which the server and the generated schema accept);
 * menus' ImageKind predates it, so this is the one place that widens it.
 */
export const TAG_IMAGE_KIND = 'tags' satisfies ImageKind;

export const TAG_IMAGES_ZIP = 'tags_images.zip';

/** The logos and backgrounds of the carte's non-deleted tags, as one zip. */
export async function downloadTagImages(campaignId: number): Promise<Blob> {
  const { data, error, response } = await api.GET('/api/v1/campaigns/{campaignId}/tags/images.zip', {
    params: { path: { campaignId } },
    parseAs: 'blob',
  });
  if (!response.ok) throw toApiError(response, error);
  return data instanceof Blob ? data : new Blob([], { type: 'application/zip' });
}

/** Hands a file to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
