import { isSafeHref, sanitizeHtml } from './html-sanitizer';

describe('admin_notification sanitizer (R3.02, R2.12)', () => {
  it('R3.02 keeps the whitelisted formatting tags', () => {
    const html = '<p><b>Closed</b> on <em>Monday</em><br>see <ul><li>one</li><li>two</li></ul></p>';
    expect(sanitizeHtml(html)).toBe('<p><b>Closed</b> on <em>Monday</em><br>see <ul><li>one</li><li>two</li></ul></p>');
  });

  it('R3.02 removes script, style and iframe elements with their content', () => {
    expect(sanitizeHtml('Hi<script>alert(1)</script> there')).toBe('Hi there');
    expect(sanitizeHtml('<style>body{display:none}</style><p>x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<iframe src="https://evil.example"></iframe>ok')).toBe('ok');
    expect(sanitizeHtml('<SCRIPT type="text/javascript">steal()</SCRIPT >ok')).toBe('ok');
    expect(sanitizeHtml('before<script>never closed')).toBe('before');
    expect(sanitizeHtml('<svg onload="alert(1)"><circle/></svg>ok')).toBe('ok');
  });

  it('R3.02 strips event handlers, styles and unknown attributes', () => {
    expect(sanitizeHtml('<p onclick="steal()" style="color:red" class="x">t</p>')).toBe('<p>t</p>');
    expect(sanitizeHtml('<img src=x onerror=alert(1)>')).toBe('');
    expect(sanitizeHtml('<b onmouseover = "x()">b</b>')).toBe('<b>b</b>');
  });

  it('R3.02 keeps safe links and drops javascript:, data: and obfuscated schemes', () => {
    expect(sanitizeHtml('<a href="https://pawline.example/help" onclick="x()">help</a>')).toBe(
      '<a href="https://pawline.example/help" rel="noopener noreferrer" target="_blank">help</a>',
    );
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="JaVa&#x09;ScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" javascript&colon;alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>')).toBe('<a>x</a>');
    expect(isSafeHref('mailto:info@example.com')).toBe(true);
    expect(isSafeHref('/qa')).toBe(true);
    expect(isSafeHref('vbscript:msgbox')).toBe(false);
  });

  it('R3.02 escapes stray angle brackets and quotes in text and attribute values', () => {
    expect(sanitizeHtml('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
    expect(sanitizeHtml('Tom &amp; Jerry &eacute;')).toBe('Tom &amp; Jerry &eacute;');
    expect(sanitizeHtml('<a title=\'say "hi"\' href="/x">x</a>')).toBe(
      '<a title="say &quot;hi&quot;" href="/x" rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(sanitizeHtml('<<script>script>alert(1)<</script>/script>')).toBe('');
    expect(sanitizeHtml('a <b>x</b> <3')).toBe('a <b>x</b> &lt;3');
  });

  it('R3.02 balances tags: closes what is left open and ignores stray closings', () => {
    expect(sanitizeHtml('<b><i>bold italic</b> plain</i></p>')).toBe('<b><i>bold italic</i></b> plain');
    expect(sanitizeHtml('<ul><li>open')).toBe('<ul><li>open</li></ul>');
  });

  it('R3.02 drops comments and unknown tags but keeps their text', () => {
    expect(sanitizeHtml('<!-- <script>x</script> -->a<font color="red">b</font><custom-el>c</custom-el>')).toBe('abc');
    expect(sanitizeHtml('<form action="/x"><input value="y">z</form>')).toBe('z');
  });
});
