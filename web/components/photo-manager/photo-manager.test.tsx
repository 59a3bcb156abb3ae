// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PhotoManager, type PhotoManagerWords } from '.';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const words: PhotoManagerWords = {
  legend: 'Photos',
  description: 'JPEG, PNG or WebP, up to 10 MB each.',
  empty: 'No photos yet.',
  cover: 'Cover',
  setCover: 'Make cover',
  photo: (n) => `Photo ${n}`,
  makeCover: (n) => `Make photo ${n} the cover`,
  moveLeft: (n) => `Move photo ${n} left`,
  moveRight: (n) => `Move photo ${n} right`,
  remove: (n) => `Remove photo ${n}`,
  add: 'Add photos',
  takePhoto: 'Take photo',
  madeCover: (n) => `Photo ${n} is now the cover.`,
  moved: (n) => `Photo moved to place ${n}.`,
  removed: 'Photo removed.',
  added: (name) => `${name} added.`,
  uploading: (name) => `Uploading ${name}…`,
  wrongType: (name) => `${name} is not a JPEG, PNG or WebP picture.`,
  tooBig: (name) => `${name} is over 10 MB.`,
  tooMany: (name) => `${name} was not added: at most 3 photos.`,
  uploadFailed: (name) => `${name} could not be uploaded.`,
  dismiss: (name) => `Dismiss ${name}`,
  byUrl: { label: 'Add by URL', add: 'Add', invalid: 'Enter an https:// address.' },
};

const ID = (n: number) => `0f8fad5b-d9cb-469f-a165-70867728950${n}`;
const photo = (n: number) => `/api/photos/${ID(n)}/800.webp`;

/** The manager holding its own list, as a form does; `changes` records every list it reported. */
function renderManager(initial: string[], props: { merchantId?: string; allowUrls?: boolean; max?: number } = {}) {
  const changes: string[][] = [];
  function Holder() {
    const [value, setValue] = useState(initial);
    return (
      <PhotoManager
        value={value}
        onChange={(urls) => {
          changes.push(urls);
          setValue(urls);
        }}
        max={props.max ?? 3}
        words={words}
        {...(props.merchantId !== undefined ? { merchantId: props.merchantId } : {})}
        allowUrls={props.allowUrls ?? false}
      />
    );
  }
  render(<Holder />);
  return { changes, last: () => changes.at(-1) };
}

const thumbnails = () => within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('img').map((img) => img.getAttribute('src'));
const pick = (...files: File[]) => fireEvent.change(screen.getByLabelText('Add photos', { selector: 'input' }), { target: { files } });
const jpeg = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

function stubUpload(answer: (form: FormData) => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (_input, init) => answer(init?.body as FormData));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('The photo manager', () => {
  it('shows the photos in order, the first marked as the cover, with srcset for uploaded ones', () => {
    renderManager([photo(1), 'https://img.example.com/a.jpg']);
    const items = within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Cover')).toBeTruthy();
    expect(within(items[1]!).queryByText('Cover', { selector: 'span' })).toBeNull();
    const [first, second] = within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('img');
    expect(first!.getAttribute('srcset')).toContain(`/api/photos/${ID(1)}/400.webp 400w`);
    expect(second!.getAttribute('srcset')).toBeNull();
    // The cover has no "Make cover" nor "Move left"; the last no "Move right".
    expect(screen.queryByRole('button', { name: 'Make photo 1 the cover' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move photo 1 left' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move photo 2 right' })).toBeNull();
  });

  it('reorders, makes a photo the cover and removes one, saying so', () => {
    const { last } = renderManager([photo(1), photo(2), photo(3)]);
    fireEvent.click(screen.getByRole('button', { name: 'Move photo 1 right' }));
    expect(last()).toEqual([photo(2), photo(1), photo(3)]);
    expect(screen.getByText('Photo moved to place 2.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move photo 3 left' }));
    expect(last()).toEqual([photo(2), photo(3), photo(1)]);
    fireEvent.click(screen.getByRole('button', { name: 'Make photo 3 the cover' }));
    expect(last()).toEqual([photo(1), photo(2), photo(3)]);
    expect(screen.getByText('Photo 3 is now the cover.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(last()).toEqual([photo(1), photo(3)]);
    expect(thumbnails()).toEqual([photo(1), photo(3)]);
    expect(screen.getByText('Photo removed.')).toBeTruthy();
  });

  it('refuses a wrong kind of file and one over 10 MB before uploading, with a message for each', async () => {
    const fetchMock = stubUpload(() => new Response('{}', { status: 500 }));
    const { changes } = renderManager([]);
    const input = screen.getByLabelText('Add photos', { selector: 'input' });
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    expect(input.hasAttribute('multiple')).toBe(true);
    pick(new File(['gif'], 'anim.gif', { type: 'image/gif' }), jpeg('huge.jpg', 10 * 1024 * 1024 + 1));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['anim.gif is not a JPEG, PNG or WebP picture.', 'huge.jpg is over 10 MB.']);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(changes).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss anim.gif' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('uploads each file with FormData, the merchant first, and adds the returned address', async () => {
    let n = 0;
    const fetchMock = stubUpload(() => {
      n += 1;
      return new Response(JSON.stringify({ id: ID(n), url: photo(n), width: 1200, height: 900 }), { status: 201 });
    });
    const { last } = renderManager([], { merchantId: 'm-42' });
    pick(jpeg('a.jpg'), new File(['png'], 'b.png', { type: 'image/png' }));
    expect(await screen.findByText('Uploading a.jpg…')).toBeTruthy();
    await waitFor(() => expect(last()).toEqual([photo(1), photo(2)]));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/photos');
    expect(init?.method).toBe('POST');
    const form = init?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual(['merchantId', 'file']);
    expect(form.get('merchantId')).toBe('m-42');
    expect((form.get('file') as File).name).toBe('a.jpg');
    // The browser writes the multipart type with its boundary.
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
    expect(thumbnails()).toEqual([photo(1), photo(2)]);
    expect(screen.queryByText(/Uploading/)).toBeNull();
  });

  it('keeps to the most photos allowed, counting those still uploading', async () => {
    stubUpload(() => new Response(JSON.stringify({ id: ID(3), url: photo(3), width: 1, height: 1 }), { status: 201 }));
    const { last } = renderManager([photo(1), photo(2)]);
    pick(jpeg('c.jpg'), jpeg('d.jpg'));
    expect(await screen.findByText('d.jpg was not added: at most 3 photos.')).toBeTruthy();
    await waitFor(() => expect(last()).toEqual([photo(1), photo(2), photo(3)]));
    expect((screen.getByRole('button', { name: 'Add photos' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server’s refusal of a file, and adds nothing', async () => {
    stubUpload(() => new Response(JSON.stringify({ message: 'The picture is damaged.' }), { status: 400 }));
    const { changes } = renderManager([photo(1)]);
    pick(jpeg('broken.jpg'));
    expect((await screen.findByRole('alert')).textContent).toBe('The picture is damaged.');
    expect(changes).toEqual([]);
    expect(thumbnails()).toEqual([photo(1)]);
  });

  it('offers "Take photo" with the camera on a touch screen only', () => {
    renderManager([]);
    expect(screen.queryByRole('button', { name: 'Take photo' })).toBeNull();
    cleanup();
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)' }) as MediaQueryList);
    renderManager([]);
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeTruthy();
    expect(screen.getByLabelText('Take photo', { selector: 'input' }).getAttribute('capture')).toBe('environment');
  });

  it('adds a photo by its address for a superadmin, refusing what is not one', () => {
    const { last } = renderManager([], { allowUrls: true });
    const address = screen.getByRole('textbox', { name: 'Add by URL' });
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('Enter an https:// address.')).toBeTruthy();
    fireEvent.change(address, { target: { value: ' https://img.example.com/a.jpg ' } });
    fireEvent.keyDown(address, { key: 'Enter' });
    expect(last()).toEqual(['https://img.example.com/a.jpg']);
    expect(screen.queryByText('Enter an https:// address.')).toBeNull();
  });

  it('has no "Add by URL" without allowUrls', () => {
    renderManager([]);
    expect(screen.queryByRole('textbox', { name: 'Add by URL' })).toBeNull();
  });
});
