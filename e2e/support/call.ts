import type { Browser, Page } from '@playwright/test';

declare global {
  interface Window {
    __openedMedia?: MediaStream[];
  }
}

/**
 * An init script that keeps every stream the page opens, so a test can tell whether the camera
 * is on (lit): `context.addInitScript(keepOpenedMedia)`.
 */
export function keepOpenedMedia() {
  const opened: MediaStream[] = [];
  window.__openedMedia = opened;
  const mediaDevices = navigator.mediaDevices;
  const getUserMedia = mediaDevices.getUserMedia.bind(mediaDevices);
  mediaDevices.getUserMedia = async (constraints) => {
    const stream = await getUserMedia(constraints);
    opened.push(stream);
    return stream;
  };
}

/** Whether a camera the page opened (with keepOpenedMedia) is still live. */
export const cameraOn = (page: Page) =>
  page.evaluate(() =>
    (window.__openedMedia ?? []).some((stream) =>
      stream.getVideoTracks().some((track) => track.readyState === 'live'),
    ),
  );

/** Whether the partner's picture arrives: the remote video has a size once frames decode. */
export const remoteVideoHasFrames = (page: Page) =>
  page.getByTestId('remote-video').evaluate((video: HTMLVideoElement) => video.videoWidth > 0);

/**
 * Another person's page for a journey: their own browser (context) at the screen size of the
 * journey's `page`, keeping the media it opens (keepOpenedMedia).
 */
export async function anotherPerson(browser: Browser, baseURL: string | undefined, page: Page) {
  const viewport = page.viewportSize();
  const context = await browser.newContext({ baseURL, ...(viewport ? { viewport } : {}) });
  await context.addInitScript(keepOpenedMedia);
  return context.newPage();
}
