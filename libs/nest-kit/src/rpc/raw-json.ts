/**
 * An RPC answer that is already the JSON text of its response schema. The calendar's week asks
 * for up to a few hundred appointments many times a minute per salon: Postgres builds that JSON,
 * and neither the service nor the gateway parses, checks or re-serializes it row by row (see
 * docs/adr/0004-raw-json-replies.md). The server sends the text as is; with the kit's
 * `checkRawReplies` (on in tests) it first proves the text matches the response schema exactly.
 *
 * `T` is the shape the text holds; it only types handlers and callers.
 */
export class RawJson<T = unknown> {
  declare readonly shape?: T;

  constructor(readonly text: string) {}
}
