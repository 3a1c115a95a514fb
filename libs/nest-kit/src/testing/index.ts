export { createTestEnv, type TestEnv } from './test-env';
export { call, failureOf, type RpcInput } from './rpc-calls';
