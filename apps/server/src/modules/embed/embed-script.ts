import { EMBED_RESIZE_MESSAGE } from '@wheelmeet/contracts';

/**
 * `/embed.js`, the script of the snippet organisers paste on their site: it fits each WheelMeet
 * iframe (`iframe[data-wheelmeet]`) to the height its page reports. Plain ES5 with no
 * dependencies, so it runs on any site; it listens only to frames of the origin it was loaded
 * from, and to nothing but a height.
 */
export const EMBED_SCRIPT = `/* WheelMeet embed: fits WheelMeet iframes to the wheel inside them. */
(function () {
  var script = document.currentScript;
  if (!script || !script.src || window.__wheelmeetEmbed) return;
  window.__wheelmeetEmbed = true;
  var origin = new URL(script.src).origin;
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== origin || !data || data.type !== '${EMBED_RESIZE_MESSAGE}') return;
    if (typeof data.height !== 'number' || !isFinite(data.height)) return;
    var height = Math.max(320, Math.min(4000, Math.ceil(data.height)));
    var frames = document.querySelectorAll('iframe[data-wheelmeet]');
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === event.source) frames[i].style.height = height + 'px';
    }
  });
})();
`;
