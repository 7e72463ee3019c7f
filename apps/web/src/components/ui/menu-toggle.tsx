import { cn } from '@/lib/cn';

interface MenuToggleProps {
  open: boolean;
  /** The id of the navigation it shows and hides. */
  controls: string;
  onToggle: () => void;
  /** Colours, focus ring and the breakpoint from which the navigation is always shown. */
  className: string;
}

/** The 'Menu' button that folds a navigation away on small screens. */
export function MenuToggle({ open, controls, onToggle, className }: MenuToggleProps) {
  return (
    <button
      type="button"
      className={cn(
        'inline-flex items-center gap-2 rounded-lg border px-3 py-1.5 text-sm font-medium',
        className,
      )}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <span aria-hidden="true">{open ? '✕' : '☰'}</span>
      Menu
    </button>
  );
}
