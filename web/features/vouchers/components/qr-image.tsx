/**
 * A voucher's QR image from its own address (the voucher's qrCodeUrl), which the browser loads, caches and draws.
 * The image request carries the session cookie; a session this browser keeps only in storage (one handed over in a
 * link, say) has no cookie, so when the image is refused the picture is fetched once more with the API client's
 * bearer header and shown from memory.
 */
import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { getSessionId } from '../../../lib/session';

export interface QrImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  loading?: 'lazy' | 'eager';
}

export function QrImage({ src, alt, width, height, className, loading }: QrImageProps) {
  const [fromMemory, setFromMemory] = useState<string | null>(null);
  const tried = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => () => {
    if (fromMemory) URL.revokeObjectURL(fromMemory);
  }, [fromMemory]);

  const retryWithBearer = () => {
    if (tried.current || fromMemory !== null || getSessionId() === null) return;
    tried.current = true;
    apiRequest('GET', src)
      .then((response) => response.blob())
      .then((blob) => {
        if (mounted.current) setFromMemory(URL.createObjectURL(blob));
      })
      .catch(() => {
        // The image stays missing; the code and PIN beside it still redeem the voucher.
      });
  };

  return (
    <img
      src={fromMemory ?? src}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      onError={retryWithBearer}
      className={className}
    />
  );
}
