export { createTestEnv, type TestEnv } from './test-env';
export { call, failureOf, type RpcInput } from './rpc-calls';
export { fakeS3, type FakeS3, type FakeS3Object, type FakeS3Options } from './fake-s3';
export { signUpOwner, type SignedUpOwner } from './sign-up-owner';
export { emitEvent } from './emit-event';
export { until } from './until';
export { consumersIdle } from './consumers-idle';
export { handlesMessages, listedIn } from './module-wiring';
