import { TIME_ZONE_COOKIE } from '@mashrou/contracts/locale';

/**
 * Tells the api this browser's time zone (a cookie, rewritten only when it changed): a signed-in
 * screen it renders shows dates and times in it, as this browser then hydrates them (lib/format).
 */
export function rememberTimeZone() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`;
  if (!zone || document.cookie.split('; ').includes(cookie)) return;
  document.cookie = `${cookie}; path=/; max-age=31536000; samesite=lax`;
}
