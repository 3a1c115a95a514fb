export { createTestEnv, type TestEnv } from './test-env';
