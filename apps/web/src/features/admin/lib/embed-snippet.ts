/**
 * The HTML an organiser pastes on their site: the wheel's iframe, allowed the camera and the
 * microphone for the video call, and our script that fits the iframe to the wheel's height.
 */
export function embedSnippet(
  wheel: { name: string; embedPath: string },
  origin: string = window.location.origin,
): string {
  const title = `WheelMeet: ${wheel.name}`
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;');
  return [
    `<iframe src="${origin}${wheel.embedPath}" title="${title}" data-wheelmeet`,
    '  allow="camera; microphone; autoplay; fullscreen"',
    '  style="width: 100%; height: 720px; border: 0;"></iframe>',
    `<script src="${origin}/embed.js" async></script>`,
  ].join('\n');
}
