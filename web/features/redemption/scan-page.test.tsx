// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { SIMULATED_SCAN_MS } from '../../../contract/constants';
import { CAMERA_PERMISSION_DENIED, NO_CAMERA_FOUND, NO_CAMERA_SUPPORT } from './camera/camera-errors';
import ScanPage from './scan-page';
import { MERCHANT_USER, renderScreen } from './test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderScan() {
  return renderScreen(<ScanPage />, { user: MERCHANT_USER, path: '/merchant/scan' });
}

function scanText(text: string) {
  fireEvent.change(screen.getByLabelText('QR code text'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Scan' }));
}

function stubCamera(getUserMedia: (() => Promise<MediaStream>) | undefined) {
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: getUserMedia ? { getUserMedia } : undefined });
}

describe('ScanPage: typed QR text (docs/product/screens.md#scan-qr-code)', () => {
  it('needs some text', () => {
    renderScan();
    scanText('   ');
    expect(screen.getByText('Please enter the QR code text')).toBeTruthy();
    expect(screen.queryByText('Scanning...')).toBeNull();
  });

  it('refuses text shorter than 8 characters after the scanning pause', async () => {
    renderScan();
    scanText('ABC123');
    expect(screen.getByText('Scanning...')).toBeTruthy();
    expect(await screen.findByText('Invalid QR Code format. Please try again.', undefined, { timeout: SIMULATED_SCAN_MS + 1000 })).toBeTruthy();
  });

  it('opens the redeem form with a code of 8 or more characters after the scanning pause', async () => {
    const startedAt = Date.now();
    const { location } = renderScan();
    scanText('abcd2345');
    await waitFor(() => expect(location.history.at(-1)).toBe('/merchant/redeem?code=ABCD2345'), { timeout: SIMULATED_SCAN_MS + 1000 });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(SIMULATED_SCAN_MS - 100);
  });

  it('opens the redeem form at once, with code and PIN, for a pasted voucher link', () => {
    const { location } = renderScan();
    scanText('http://127.0.0.1:3000/merchant/redeem?code=ABCD2345&pin=123456');
    expect(location.history.at(-1)).toBe('/merchant/redeem?code=ABCD2345&pin=123456');
  });
});

describe('ScanPage: camera problems', () => {
  it('says when the browser has no camera access at all', async () => {
    stubCamera(undefined);
    renderScan();
    fireEvent.click(screen.getByRole('button', { name: 'Start Scanning' }));
    expect((await screen.findByRole('alert')).textContent).toContain(NO_CAMERA_SUPPORT);
  });

  it('says when permission is denied', async () => {
    const getUserMedia = vi.fn(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    stubCamera(getUserMedia);
    renderScan();
    fireEvent.click(screen.getByRole('button', { name: 'Start Scanning' }));
    expect((await screen.findByRole('alert')).textContent).toContain(CAMERA_PERMISSION_DENIED);
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    expect(screen.getByRole('button', { name: 'Start Scanning' })).toBeTruthy();
  });

  it('says when there is no camera', async () => {
    stubCamera(() => Promise.reject(new DOMException('Requested device not found', 'NotFoundError')));
    renderScan();
    fireEvent.click(screen.getByRole('button', { name: 'Start Scanning' }));
    expect((await screen.findByRole('alert')).textContent).toContain(NO_CAMERA_FOUND);
  });
});

describe('ScanPage: guests', () => {
  it('asks guests to log in as a merchant', () => {
    renderScreen(<ScanPage />, { user: null, path: '/merchant/scan' });
    expect(screen.getByText('Please log in as a merchant to redeem vouchers.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Merchant Login' }).getAttribute('href')).toBe('/merchant/login');
  });
});
