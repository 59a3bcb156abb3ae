// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SESSION_STORAGE_KEY } from '../../../lib/session';
import { QrImage } from './qr-image';

const SRC = '/api/vouchers/v1/qr.svg';
const realCreate = URL.createObjectURL;
const realRevoke = URL.revokeObjectURL;

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:qr-from-memory');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  URL.createObjectURL = realCreate;
  URL.revokeObjectURL = realRevoke;
});

function renderImage() {
  render(<QrImage src={SRC} alt="QR code for voucher ABCD2345" width={88} height={88} loading="lazy" />);
  return screen.getByRole('img', { name: 'QR code for voucher ABCD2345' });
}

describe('QrImage', () => {
  it('is an image at the voucher’s QR address, sized and lazy', () => {
    const image = renderImage();
    expect(image.getAttribute('src')).toBe(SRC);
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('width')).toBe('88');
    expect(image.getAttribute('height')).toBe('88');
  });

  it('fetches the picture once with the stored session when the browser’s own request is refused', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, 'stored-session');
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response('<svg/>', { status: 200, headers: { 'content-type': 'image/svg+xml' } }));
    vi.stubGlobal('fetch', fetchMock);
    const image = renderImage();
    fireEvent.error(image);
    await waitFor(() => expect(image.getAttribute('src')).toBe('blob:qr-from-memory'));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(SRC);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer stored-session');
    fireEvent.error(image);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    cleanup();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:qr-from-memory');
  });

  it('leaves a refused image alone without a stored session', () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const image = renderImage();
    fireEvent.error(image);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(image.getAttribute('src')).toBe(SRC);
  });
});
