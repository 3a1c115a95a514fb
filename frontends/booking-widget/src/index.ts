import { bookingElementClass } from './booking-element';

// pawline-booking.js, loaded by one <script src="https://<pawline host>/booking-widget/pawline-booking.js" defer>
// on a salon's page: the public API is at the script's own origin.

function scriptOrigin(): string {
  const current = document.currentScript;
  const source =
    current instanceof HTMLScriptElement && current.src
      ? current.src
      : (document.querySelector<HTMLScriptElement>('script[src*="/booking-widget/pawline-booking"]')?.src ?? location.href);
  return new URL(source, location.href).origin;
}

if (!customElements.get('pawline-booking')) {
  customElements.define('pawline-booking', bookingElementClass({ apiOrigin: scriptOrigin() }));
}
