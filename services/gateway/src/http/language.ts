import { DEFAULT_LANGUAGE, isMessageLanguage, type MessageLanguage } from '@pawline/contracts';

/**
 * The caller's language from Accept-Language: the most preferred (by q, then order)
 * of the product's languages (LANGUAGES of libs/contracts); English when none of them is asked for.
 */
export function pickLanguage(acceptLanguage: string | undefined): MessageLanguage {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const wanted = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...options] = part.trim().split(';');
      const q = options.map((o) => o.trim()).find((o) => o.startsWith('q='));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { base: tag.trim().slice(0, 2).toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of wanted) if (isMessageLanguage(entry.base)) return entry.base;
  return DEFAULT_LANGUAGE;
}
