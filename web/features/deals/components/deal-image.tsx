import { useState, type ImgHTMLAttributes } from 'react';
import type { Deal } from '../../../../contract/deals';
import { photoSources } from '../../../../contract/photo-files';
import { dealImageSrc, placeholderImage, type PlaceholderSize } from '../deal-images';

interface DealImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt' | 'onError'> {
  deal: Pick<Deal, 'imageUrl' | 'title'>;
  placeholder?: PlaceholderSize;
  width: number;
  height: number;
  /** How wide the picture is drawn, for an uploaded photo's widths (`srcSet`); by default its `width` in CSS pixels. */
  sizes?: string;
}

/**
 * A deal's picture (alt = its title) that falls back to the placeholder image when it cannot load. An uploaded photo
 * comes with its three widths (`srcSet`), so each screen downloads the one it needs; any other address as it is.
 */
export function DealImage({ deal, placeholder = 'card', sizes, ...props }: DealImageProps) {
  const src = dealImageSrc(deal, placeholder);
  // Remember which source failed, so a different deal (new src) gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const fallback = placeholderImage(placeholder);
  const shown = failedSrc === src ? fallback : src;
  const sources = photoSources(shown);
  return (
    <img
      {...props}
      src={sources.src}
      srcSet={sources.srcSet ?? undefined}
      sizes={sources.srcSet ? (sizes ?? `${props.width}px`) : undefined}
      alt={deal.title}
      decoding="async"
      onError={() => {
        if (shown !== fallback) setFailedSrc(src);
      }}
    />
  );
}
