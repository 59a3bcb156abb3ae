// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DealImage } from './deal-image';

afterEach(cleanup);

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('DealImage', () => {
  it('gives an uploaded photo its three widths as srcset, with sizes', () => {
    render(<DealImage deal={{ imageUrl: `/api/photos/${ID}/400.webp`, title: 'Ramen' }} width={800} height={600} sizes="100vw" />);
    const img = screen.getByRole('img', { name: 'Ramen' });
    expect(img.getAttribute('src')).toBe(`/api/photos/${ID}/800.webp`);
    expect(img.getAttribute('srcset')).toBe(`/api/photos/${ID}/400.webp 400w, /api/photos/${ID}/800.webp 800w, /api/photos/${ID}/1600.webp 1600w`);
    expect(img.getAttribute('sizes')).toBe('100vw');
  });

  it('takes its drawn width as sizes when none is given', () => {
    render(<DealImage deal={{ imageUrl: `/api/photos/${ID}/800.webp`, title: 'Ramen' }} width={56} height={56} />);
    expect(screen.getByRole('img').getAttribute('sizes')).toBe('56px');
  });

  it('leaves any other address as it is, without srcset, and the placeholder after a failure', () => {
    render(<DealImage deal={{ imageUrl: 'https://img.example.com/a.jpg', title: 'Spa' }} width={400} height={300} sizes="100vw" />);
    const img = screen.getByRole('img', { name: 'Spa' });
    expect(img.getAttribute('src')).toBe('https://img.example.com/a.jpg');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
    cleanup();
    render(<DealImage deal={{ imageUrl: `/api/photos/${ID}/800.webp`, title: 'Gone' }} width={400} height={300} />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByRole('img').getAttribute('src')).toBe('/api/placeholder/400/300');
    expect(screen.getByRole('img').hasAttribute('srcset')).toBe(false);
  });
});
