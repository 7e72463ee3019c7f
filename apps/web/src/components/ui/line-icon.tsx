import type { ReactNode } from 'react';

/**
 * A line icon drawn on a 24 × 24 grid, stroked in the text colour. Decorative: the control it
 * sits in carries the name, so it is hidden from assistive technology.
 */
export function LineIcon({
  children,
  className = 'size-6',
  strokeWidth = 2,
}: {
  children: ReactNode;
  className?: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
