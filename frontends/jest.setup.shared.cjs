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
