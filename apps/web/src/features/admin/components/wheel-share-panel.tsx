import { Card } from '@/components/ui/card';
import { CopyButton } from './copy-button';
import { shareLinks, wheelShareUrl } from '../lib/share-links';

/** For a private wheel: its link on four networks, the link and the access code to copy. */
export function WheelSharePanel({
  wheel,
}: {
  wheel: { id: string; name: string; accessCode: string | null };
}) {
  const url = wheelShareUrl(wheel.id);
  return (
    <Card>
      <section aria-labelledby="share-heading" className="space-y-4">
        <h2 id="share-heading" className="text-lg font-semibold text-slate-900">
          Share this private wheel
        </h2>
        <p className="text-sm text-slate-600">
          Send people the link and, separately, the access code: the link alone does not open the wheel.
        </p>
        <div>
          <p className="text-sm font-medium text-slate-800">Wheel link</p>
          <p className="mt-1 break-all rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900">
            {url}
          </p>
          <div className="mt-2">
            <CopyButton text={url} label="Copy link" />
          </div>
        </div>
        {wheel.accessCode ? (
          <div>
            <p className="text-sm font-medium text-slate-800">Access code</p>
            <p className="mt-1 inline-block rounded-lg bg-slate-50 px-3 py-2 font-mono text-lg tracking-widest text-slate-900">
              {wheel.accessCode}
            </p>
            <div className="mt-2">
              <CopyButton text={wheel.accessCode} label="Copy access code" />
            </div>
          </div>
        ) : null}
        <ul className="flex flex-wrap gap-3" aria-label="Share on">
          {shareLinks(url, wheel.name).map((link) => (
            <li key={link.network}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                {link.network}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
