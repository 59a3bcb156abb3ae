import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './html';

describe('sanitizeRichText', () => {
  it('drops script and style elements with their content', () => {
    expect(sanitizeRichText('<p>Hi</p><script>alert(1)</script>')).toBe('<p>Hi</p>');
    expect(sanitizeRichText('<style>body{display:none}</style><p>Hi</p>')).toBe('<p>Hi</p>');
    expect(sanitizeRichText('<SCRIPT SRC=//evil.example/x.js></SCRIPT><p>ok</p>')).toBe('<p>ok</p>');
  });

  it('drops event handlers and inline styles', () => {
    expect(sanitizeRichText('<p onclick="steal()" style="color:red">Hi</p>')).toBe('<p>Hi</p>');
    expect(sanitizeRichText('<img src=x onerror=alert(1)>')).toBe('');
    expect(sanitizeRichText('<strong onmouseover="x()">Bold</strong>')).toBe('<strong>Bold</strong>');
  });

  it('drops javascript:, data: and protocol-relative links but keeps their text', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java&#x09;script:alert(1)', 'data:text/html,<script>x</script>', '//evil.example']) {
      const out = sanitizeRichText(`<a href="${href}">click</a>`);
      expect(out, href).not.toMatch(/href=/);
      expect(out, href).toContain('click');
    }
  });

  it('drops iframes, objects, forms and images', () => {
    expect(sanitizeRichText('<iframe src="https://evil.example"></iframe><p>x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<object data="x.swf"></object><embed src="y">')).toBe('');
    expect(sanitizeRichText('<form action="/steal"><input name="pin"><button>Go</button></form>')).toBe('Go');
    expect(sanitizeRichText('<svg><script>alert(1)</script></svg>')).toBe('');
  });

  it('keeps the allowed formatting tags', () => {
    const html =
      '<h3>Title</h3><h4>Sub</h4><p>A <strong>b</strong> <b>c</b> <em>d</em> <i>e</i> <u>f</u> <s>g</s><br />h <span>i</span></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('gives links rel and target, keeping safe schemes', () => {
    for (const href of ['https://example.com/menu', 'http://example.com', 'mailto:hi@example.com', 'tel:+15550100']) {
      const out = sanitizeRichText(`<a href="${href}" title="Menu" rel="opener" target="_self">menu</a>`);
      expect(out).toBe(`<a href="${href}" title="Menu" rel="noopener noreferrer nofollow" target="_blank">menu</a>`);
    }
  });

  it('trims, and leaves plain text and entities as they are', () => {
    expect(sanitizeRichText('  plain text  ')).toBe('plain text');
    expect(sanitizeRichText('<p>Fish &amp; chips &lt;3</p>')).toBe('<p>Fish &amp; chips &lt;3</p>');
    expect(sanitizeRichText('')).toBe('');
  });
});
