import type { ReactNode } from 'react';

/**
 * The conversation ratings' thumbs, drawn here rather than as 👍/👎: a browser without an emoji
 * font showed those as empty boxes. Decorative: the button's text ('Good', 'Not great') names it.
 */
function Thumb({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      data-icon="rating"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-5 shrink-0"
    >
      {children}
    </svg>
  );
}

const THUMB = (
  <>
    <path d="M3 10h4v11H3z" />
    <path d="M7 10l4-7a2 2 0 0 1 3 2v4h5a2 2 0 0 1 2 2.3l-1.2 7A2 2 0 0 1 17.8 21H7" />
  </>
);

export const ThumbUpIcon = () => <Thumb>{THUMB}</Thumb>;

export const ThumbDownIcon = () => (
  <Thumb>
    <g transform="rotate(180 12 12)">{THUMB}</g>
  </Thumb>
);
