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
    expect(clean).toBe('Hi<a>go</a>');
    expect(clean).not.toMatch(/script|onerror|onclick|style|javascript|iframe|img/i);
  });
});
