/**
 * While the browser opens the camera and microphone for the lobby's device check (issue 35), or
 * the check's code arrives. Apart from the call's messages, which the page's first download
 * does not hold, and read by both the check's button and its panel.
 */
export const OPENING_DEVICES_MESSAGE = 'Opening your camera and microphone…';
