export const PRICING_SECTION_ID = 'pricing-section';
export const PRICING_HEADING_ID = 'pricing-heading';

/** Scrolls the pricing section into view and moves focus to its heading, for keyboard and screen-reader users. */
export function scrollToPricing(): void {
  const section = document.getElementById(PRICING_SECTION_ID);
  if (!section) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  document.getElementById(PRICING_HEADING_ID)?.focus({ preventScroll: true });
}
