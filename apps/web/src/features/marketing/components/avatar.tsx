import { useState } from 'react';
import { cn } from '@/lib/cn';

export const AVATAR_PLACEHOLDER_SRC = '/images/avatar-placeholder.svg';

/** A round portrait; one that fails to load is replaced by the placeholder image (only once, so no loop). */
export function Avatar({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed ? AVATAR_PLACEHOLDER_SRC : src}
      alt={alt}
      width={56}
      height={56}
      loading="lazy"
      onError={() => setFailed(true)}
      className={cn('size-14 shrink-0 rounded-full bg-slate-200 object-cover', className)}
    />
  );
}
