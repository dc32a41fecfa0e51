export const TAGS_PATH = '/config/mestags';

/** The list, with the carte chosen (kept in the address so coming back from a tag keeps it). */
export const tagsListPath = (campaignId?: number) => (campaignId ? `${TAGS_PATH}?carte=${campaignId}` : TAGS_PATH);

/** '/config/tagsDetails/{carte}&{idTag}', or '{carte}&new' for a new tag. */
export const tagDetailsPath = (campaignId: number, idTag: number | 'new') => `/config/tagsDetails/${campaignId}&${idTag}`;

/** Reads the ':params' of the details route; null when it does not name a carte and a tag. */
export function parseTagParams(params: string | undefined): { campaignId: number; idTag: number | 'new' } | null {
  const [carte, tag, ...rest] = (params ?? '').split('&');
  const campaignId = Number(carte);
  if (rest.length > 0 || !Number.isInteger(campaignId) || campaignId < 1 || tag === undefined) return null;
  if (tag === 'new') return { campaignId, idTag: 'new' };
  const idTag = Number(tag);
  return tag.trim() !== '' && Number.isInteger(idTag) ? { campaignId, idTag } : null;
}
