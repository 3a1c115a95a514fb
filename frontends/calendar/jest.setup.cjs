/* global window */
// jsdom has no TextEncoder/TextDecoder, and no fetch classes; react-router needs them
// (a data router's navigation builds a Request). Node's are the same API.
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
