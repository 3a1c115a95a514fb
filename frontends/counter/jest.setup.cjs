// jsdom's gaps, the same for every frontend
require('../jest.setup.shared.cjs');
// Catalogues load as chunks in the browser (libs/i18n catalogue-loader); jest has no chunks, so
// every language is put in the store before the tests render.
const { CATALOGUES, registerCatalogues } = require('@pawline/i18n');
for (const [language, catalogue] of Object.entries(CATALOGUES)) registerCatalogues(language, catalogue);
