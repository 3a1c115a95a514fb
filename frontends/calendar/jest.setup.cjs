/* global window */
// jsdom's gaps, the same for every frontend
require('../jest.setup.shared.cjs');

// jsdom has MouseEvent but no PointerEvent: the grid's drags read clientX/clientY and pointerId.
if (typeof window !== 'undefined' && typeof window.PointerEvent === 'undefined') {
  class PointerEvent extends window.MouseEvent {
    constructor(type, init = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
    }
  }
  window.PointerEvent = PointerEvent;
  globalThis.PointerEvent = PointerEvent;
}
// Catalogues load as chunks in the browser (libs/i18n catalogue-loader); jest has no chunks, so
// every language is put in the store before the tests render.
const { CATALOGUES, registerCatalogues } = require('@pawline/i18n');
for (const [language, catalogue] of Object.entries(CATALOGUES)) registerCatalogues(language, catalogue);
