import { Spinner } from './spinner';

/** The app-wide loading indicator: 'Loading...' announced politely to screen readers. */
export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-12 text-slate-600">
      <Spinner />
      <span>{label}</span>
    </div>
  );
}
