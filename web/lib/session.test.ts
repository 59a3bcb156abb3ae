// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearSessionId, getSessionId, pickUpSessionFromUrl, SESSION_STORAGE_KEY, setSessionId } from './session';

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('pickUpSessionFromUrl', () => {
  it('stores ?session= as sessionId and removes it from the address bar, keeping the rest', () => {
    window.history.replaceState(null, '', '/my/vouchers?session=s-123&payment_success=true#top');
    expect(pickUpSessionFromUrl()).toBe('s-123');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe('s-123');
    expect(window.location.pathname).toBe('/my/vouchers');
    expect(window.location.search).toBe('?payment_success=true');
    expect(window.location.hash).toBe('#top');
  });

  it('leaves the address and storage alone without the parameter', () => {
    setSessionId('kept');
    window.history.replaceState(null, '', '/deal/1?q=spa');
    expect(pickUpSessionFromUrl()).toBeNull();
    expect(getSessionId()).toBe('kept');
    expect(window.location.search).toBe('?q=spa');
  });

  it('removes an empty parameter without storing it', () => {
    window.history.replaceState(null, '', '/?session=');
    expect(pickUpSessionFromUrl()).toBeNull();
    expect(getSessionId()).toBeNull();
    expect(window.location.search).toBe('');
  });
});

describe('session storage', () => {
  it('sets, reads and clears the session id', () => {
    setSessionId('abc');
    expect(getSessionId()).toBe('abc');
    clearSessionId();
    expect(getSessionId()).toBeNull();
  });
});
