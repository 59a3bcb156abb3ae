import { useState, type ImgHTMLAttributes } from 'react';
import type { Deal } from '../../../../contract/deals';
import { dealImageSrc, placeholderImage, type PlaceholderSize } from '../deal-images';

interface DealImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'onError'> {
  deal: Pick<Deal, 'imageUrl' | 'title'>;
  placeholder?: PlaceholderSize;
  width: number;
  height: number;
}

/** A deal's picture (alt = its title) that falls back to the placeholder image when it cannot load. */
export function DealImage({ deal, placeholder = 'card', ...props }: DealImageProps) {
  const src = dealImageSrc(deal, placeholder);
  // Remember which source failed, so a different deal (new src) gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const fallback = placeholderImage(placeholder);
  const shown = failedSrc === src ? fallback : src;
  return (
    <img
      {...props}
      src={shown}
      alt={deal.title}
      decoding="async"
      onError={() => {
        if (shown !== fallback) setFailedSrc(src);
      }}
    />
  );
}
