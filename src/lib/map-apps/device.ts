/** User agents of phones and tablets, where the Waze app may be installed. */
const MOBILE_USER_AGENT =
  /Android|iPhone|iPad|iPod|Mobile|Windows Phone|IEMobile|Opera Mini|BlackBerry|webOS/i;

/**
 * A phone or tablet: a touch screen and a mobile user agent. iPadOS presents
 * itself as desktop Safari on a Mac; Macs have no touch screen, so a "Mac" with
 * several touch points is an iPad. A touch-screen laptop stays a desktop.
 */
export function isMobileDevice(userAgent: string, maxTouchPoints: number): boolean {
  if (!(maxTouchPoints > 0)) return false;
  if (MOBILE_USER_AGENT.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}
