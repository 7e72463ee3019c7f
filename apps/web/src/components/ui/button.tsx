import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'ghost';
type Size = 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<Variant, string> = {
  primary: 'bg-indigo-600 text-white shadow-sm hover:bg-indigo-700',
  secondary: 'border border-slate-300 bg-white text-slate-900 shadow-sm hover:bg-slate-50',
  ghost: 'text-indigo-700 hover:bg-indigo-50',
};

// Every button is at least 44 px tall, a finger's width (WCAG 2.5.5), on phones and desktops alike.
const sizes: Record<Size, string> = {
  md: 'min-h-11 px-4 py-2 text-sm',
  lg: 'px-6 py-3 text-base',
};

interface StyleProps {
  variant?: Variant;
  size?: Size;
}

/** Class names of a button, for elements that only look like one. */
export function buttonClasses(
  { variant = 'primary', size = 'md' }: StyleProps = {},
  className?: string,
): string {
  return cn(base, variants[variant], sizes[size], className);
}

export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & StyleProps) {
  return <button type={type} className={buttonClasses({ variant, size }, className)} {...props} />;
}

/** A router link that looks like a button (it still navigates like a link). */
export function ButtonLink({ variant, size, className, ...props }: ComponentProps<typeof Link> & StyleProps) {
  return <Link className={buttonClasses({ variant, size }, className)} {...props} />;
}

/** A form's submit button; while `pending` it is disabled and shows a spinner before its label. */
export function SubmitButton({
  pending = false,
  disabled,
  children,
  ...props
}: Omit<ComponentProps<'button'>, 'type'> & StyleProps & { pending?: boolean }) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
      {children}
    </Button>
  );
}
