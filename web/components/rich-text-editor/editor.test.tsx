// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { RichTextField, type RichTextEditorWords } from '.';
import { linkAddress } from './link-address';
import { measureNothing, pasteHtml } from './test-support';

measureNothing();
afterEach(cleanup);

const WORDS: RichTextEditorWords = {
  toolbar: 'Formatting',
  heading: 'Heading',
  subheading: 'Subheading',
  bold: 'Bold',
  italic: 'Italic',
  bulletList: 'Bulleted list',
  numberedList: 'Numbered list',
  link: 'Link',
  linkDialog: { title: 'Link', address: 'Link address', hint: 'An https:// address', apply: 'Apply', remove: 'Remove link', cancel: 'Cancel', close: 'Close', invalid: 'Enter a web address' },
};

/** A field holding the editor, as the deal forms have it; every value written out is recorded. */
function Harness({ initial = '', onValue, error }: { initial?: string; onValue: (html: string) => void; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <RichTextField
      id="deal-description"
      label="Description"
      hint="Shown under About this deal"
      error={error}
      value={value}
      onChange={(html) => {
        setValue(html);
        onValue(html);
      }}
      words={WORDS}
    />
  );
}

describe('The rich-text editor', () => {
  it('shows a skeleton while it loads, then a multi-line text box named by the label and described by the hint and error', async () => {
    render(<Harness onValue={() => undefined} error="Too long" />);
    expect(screen.getByTestId('rich-text-editor-loading')).toBeTruthy();
    const box = await screen.findByRole('textbox', { name: 'Description' }, { timeout: 10_000 });
    expect(box.getAttribute('aria-multiline')).toBe('true');
    expect(box.getAttribute('contenteditable')).toBe('true');
    expect(box.id).toBe('deal-description');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe('deal-description-error deal-description-hint');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    expect(within(toolbar).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Heading', 'Subheading', 'Bold', 'Italic', 'Bulleted list', 'Numbered list', 'Link']);
    for (const button of within(toolbar).getAllByRole('button')) expect(button.getAttribute('aria-pressed')).toBe('false');
  });

  it('starts from the HTML given and writes HTML out: the list buttons turn the text into a list and back', async () => {
    const onValue = vi.fn();
    render(<Harness initial="<p>Two bowls of ramen</p>" onValue={onValue} />);
    const box = await screen.findByRole('textbox', { name: 'Description' }, { timeout: 10_000 });
    expect(box.innerHTML).toContain('Two bowls of ramen');

    const bullets = screen.getByRole('button', { name: 'Bulleted list' });
    fireEvent.click(bullets);
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('<ul><li><p>Two bowls of ramen</p></li></ul>'));
    expect(bullets.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Numbered list' }));
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('<ol><li><p>Two bowls of ramen</p></li></ol>'));
    expect(bullets.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Numbered list' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('toggles bold with its button, and keeps only what the server keeps from pasted HTML', async () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    const box = await screen.findByRole('textbox', { name: 'Description' }, { timeout: 10_000 });
    const bold = screen.getByRole('button', { name: 'Bold' });
    fireEvent.click(bold);
    await waitFor(() => expect(bold.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(bold);
    await waitFor(() => expect(bold.getAttribute('aria-pressed')).toBe('false'));

    act(() => pasteHtml(box, '<h2>Menu</h2><p>Noodles <strong>and</strong> <u>tea</u><script>alert(1)</script></p><pre>code</pre>'));
    await waitFor(() => expect(onValue).toHaveBeenCalled());
    const html = onValue.mock.lastCall?.[0] as string;
    expect(html).toContain('<strong>and</strong>');
    expect(html).not.toMatch(/<h2|<u>|<script|<pre/);
  });

  it('gives an empty string when everything is deleted', async () => {
    const onValue = vi.fn();
    render(<Harness initial="<p>x</p>" onValue={onValue} />);
    const box = await screen.findByRole('textbox', { name: 'Description' }, { timeout: 10_000 });
    // Select all and paste nothing but an empty paragraph over it.
    act(() => pasteHtml(box, '<p></p>', true));
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith(''));
  });

  it('asks for a link in a dialog, refusing addresses it cannot keep', async () => {
    const onValue = vi.fn();
    render(<Harness initial="<p>Book online</p>" onValue={onValue} />);
    await screen.findByRole('textbox', { name: 'Description' }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link' });
    const address = within(dialog).getByRole('textbox', { name: 'Link address' });
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Enter a web address')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onValue).not.toHaveBeenCalled();
  });
});

describe('Link addresses', () => {
  it('takes http(s) and mailto addresses and nothing else', () => {
    expect(linkAddress('https://example.com/menu')).toBe('https://example.com/menu');
    expect(linkAddress('example.com')).toBe('https://example.com');
    expect(linkAddress('book@example.com')).toBe('mailto:book@example.com');
    expect(linkAddress('mailto:book@example.com')).toBe('mailto:book@example.com');
    expect(linkAddress('javascript:alert(1)')).toBeNull();
    expect(linkAddress('tel:+15550100')).toBeNull();
    expect(linkAddress('data:text/html,x')).toBeNull();
    expect(linkAddress('')).toBeNull();
    expect(linkAddress('not a link')).toBeNull();
  });
});
