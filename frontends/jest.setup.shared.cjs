// What jsdom lacks and every frontend's tests need: TextEncoder/TextDecoder, and the parts of
// the fetch Request a react-router data router's navigation builds. Node's are the same API.
const { TextDecoder, TextEncoder } = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;
if (typeof globalThis.Request === 'undefined') {
  // the parts of Request a client-side navigation reads (url, method, signal, headers)
  globalThis.Request = class Request {
    constructor(input, init = {}) {
      this.url = String(input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new globalThis.AbortController().signal;
      this.headers = new Map(Object.entries(init.headers ?? {}));
      this.body = init.body ?? null;
    }
  };
}

// findBy*/waitFor wait 1 s by default. On a CI machine running many jest workers, a Chakra dialog's
// first render took longer than that (MessagePlan.spec failed on CI, passed alone). The tests
// still fail on an element that never comes, only later; jest's own testTimeout is 30 s.
require('@testing-library/dom').configure({ asyncUtilTimeout: 8000 });
