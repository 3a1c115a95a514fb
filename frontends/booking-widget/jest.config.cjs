module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'booking-widget',
  rootDir: __dirname,
  setupFiles: ['<rootDir>/jest.setup.cjs'],
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
