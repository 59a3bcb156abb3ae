// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { SAFE_LINK_REL, safeHref, sanitizeHtml } from './safe-html';

describe('sanitizeHtml', () => {
  it('keeps the allowed tags and their text', () => {
    const html =
      '<p>A <strong>bold</strong> and <em>calm</em> <b>b</b> <i>i</i> <u>u</u> <s>s</s><br></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><h3>Title</h3><h4>Sub</h4><blockquote>Quote</blockquote><span>x</span>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, styles and embedded documents with their content', () => {
    const out = sanitizeHtml('<p>Hi</p><script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe><svg><script>alert(2)</script></svg>');
    expect(out).toBe('<p>Hi</p>');
  });

  it('removes event handlers and every other attribute', () => {
    const out = sanitizeHtml('<p onclick="alert(1)" style="color:red" class="x" id="y">Text</p><img src="x" onerror="alert(1)">');
    expect(out).toBe('<p>Text</p>');
    expect(out).not.toContain('onerror');
  });

  it('unwraps unknown elements but keeps their text', () => {
    expect(sanitizeHtml('<div><section><p>Inside</p></section> tail</div>')).toBe('<p>Inside</p> tail');
  });

  it('keeps http(s), mailto and tel links and forces a safe rel and target', () => {
    const out = sanitizeHtml('<a href="https://example.com/a?b=1" target="_self" rel="opener" onclick="x()">site</a>');
    const doc = new DOMParser().parseFromString(out, 'text/html');
    const link = doc.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/a?b=1');
    expect(link?.getAttribute('rel')).toBe(SAFE_LINK_REL);
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.hasAttribute('onclick')).toBe(false);
    expect(sanitizeHtml('<a href="mailto:hi@example.com">mail</a>')).toContain('href="mailto:hi@example.com"');
    expect(sanitizeHtml('<a href="tel:+15550100">call</a>')).toContain('href="tel:+15550100"');
  });

  it('turns links with javascript:, data: or relative URLs into plain text', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('x');
    expect(sanitizeHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('x');
    expect(sanitizeHtml('<a href="java\tscript:alert(1)">x</a>')).toBe('x');
    expect(sanitizeHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('x');
    expect(sanitizeHtml('<a href="/relative">x</a>')).toBe('x');
    expect(sanitizeHtml('<a>x</a>')).toBe('x');
  });

  it('escapes text that looks like markup', () => {
    expect(sanitizeHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  it('answers an empty string for empty input', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml('   ')).toBe('');
  });
});

describe('safeHref', () => {
  it('accepts only absolute http, https, mailto and tel URLs', () => {
    expect(safeHref('http://a.example')).toBe('http://a.example');
    expect(safeHref('ftp://a.example')).toBeNull();
    expect(safeHref('vbscript:msgbox(1)')).toBeNull();
    expect(safeHref(null)).toBeNull();
  });
});
