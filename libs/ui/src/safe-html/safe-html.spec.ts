/** @jest-environment jsdom */
import { sanitizeNotificationHtml } from './safe-html';

describe('sanitizeNotificationHtml', () => {
  it('R2.12 keeps simple formatting and safe links of the administrator notification', () => {
    expect(sanitizeNotificationHtml('<p>Closed <b>Monday</b> — <a href="https://x.example/a">info</a></p>')).toBe(
      '<p>Closed <b>Monday</b> — <a href="https://x.example/a" target="_blank" rel="noopener noreferrer">info</a></p>',
    );
  });

  it('R2.12 drops scripts, event handlers, styles and javascript: links', () => {
    const clean = sanitizeNotificationHtml(
      '<div onclick="x()" style="color:red">Hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">go</a><iframe src="https://e"></iframe></div>',
    );
    expect(clean).toBe('<div>Hi<a>go</a></div>');
    expect(clean).not.toMatch(/script|onerror|onclick|style|javascript|iframe|img/i);
  });

  it('R2.12 keeps what the server keeps and refuses encoded or protocol-relative link targets (issue 11)', () => {
    expect(sanitizeNotificationHtml('<blockquote><s>old</s> <a href="/help" title="Help" class="x">help</a></blockquote>')).toBe(
      '<blockquote><s>old</s> <a href="/help" title="Help" target="_blank" rel="noopener noreferrer">help</a></blockquote>',
    );
    for (const href of [
      '&#106;avascript:alert(1)',
      'java&#x09;script:alert(1)',
      ' javascript:alert(1)',
      '//evil.example',
      'tel:123',
      'data:text/html,x',
    ]) {
      expect(sanitizeNotificationHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
    expect(sanitizeNotificationHtml('<a href="&amp;#106;avascript:alert(1)">x</a>')).toBe(
      '<a href="&amp;#106;avascript:alert(1)" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
