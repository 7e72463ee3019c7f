import { EMBED_RESIZE_MESSAGE } from '@wheelmeet/contracts';
import { useEffect } from 'react';
import { WheelPage } from '@/features/wheel/components/wheel-page';
import { WheelWithVideoCall } from './wheel-with-video-call';

/**
 * Tells the page around the iframe how tall this page is, whenever that changes, so the
 * snippet's script (`/embed.js`) can fit the frame to the wheel. Only the height is sent, so
 * any page may hear it; nothing is sent when the page is not in a frame.
 */
export function reportHeight(target: Window, page: HTMLElement): () => void {
  let last = -1;
  const send = () => {
    const height = Math.ceil(page.getBoundingClientRect().height);
    if (Math.abs(height - last) < 2) return;
    last = height;
    target.postMessage({ type: EMBED_RESIZE_MESSAGE, height }, '*');
  };
  send();
  if (typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver(send);
  observer.observe(page);
  return () => observer.disconnect();
}

/**
 * `/embed/wheels/:wheelId`: the wheel in an iframe on an organiser's site (decision 017). The
 * wheel and its video call as on `/wheel/:wheelId`, without the site's navigation and footer;
 * the server lets only the organiser's listed sites frame it.
 */
export function EmbeddedWheelPage() {
  useEffect(() => {
    const page = document.getElementById('embedded-wheel');
    if (window.parent === window || !page) return;
    return reportHeight(window.parent, page);
  }, []);
  // At least 40rem tall, so the registration form and the video call fit in the frame.
  return (
    <main id="embedded-wheel" className="min-h-[40rem] bg-slate-50 pb-4">
      <WheelWithVideoCall>{(call) => <WheelPage {...call} />}</WheelWithVideoCall>
      <p className="px-4 text-center text-xs text-slate-500">
        Speed networking by{' '}
        <a
          href="/"
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
        >
          WheelMeet
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
    </main>
  );
}
