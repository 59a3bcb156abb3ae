/** A deal's small picture in the management list; decorative (the title sits beside it), with the placeholder as fallback. */
import { useState } from 'react';
import type { Deal } from '../../../../contract/deals';
import { photoSources } from '../../../../contract/photo-files';
import { dealImageSrc, placeholderImage } from '../../deals';

export function DealThumb({ deal }: { deal: Pick<Deal, 'imageUrl' | 'title'> }) {
  const src = dealImageSrc(deal, 'small');
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const fallback = placeholderImage('small');
  const shown = failedSrc === src ? fallback : src;
  const sources = photoSources(shown);
  return (
    <img
      src={sources.src}
      srcSet={sources.srcSet ?? undefined}
      sizes={sources.srcSet ? '96px' : undefined}
      alt=""
      width={96}
      height={72}
      loading="lazy"
      decoding="async"
      onError={() => {
        if (shown !== fallback) setFailedSrc(src);
      }}
      className="h-18 w-24 shrink-0 rounded-xl bg-slate-100 object-cover ring-1 ring-slate-200"
    />
  );
}
