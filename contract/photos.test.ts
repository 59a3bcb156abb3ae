import { describe, expect, it } from 'vitest';
import { photoIdOf, photoSources, photoUploadForm, photoUrl } from './photos';

const ID = '3f2b8c1e-9d4a-4e6b-8a7c-1b2c3d4e5f60';

describe('photoSources', () => {
  it('gives an uploaded photo its 800 copy and every width', () => {
    for (const width of [400, 800, 1600] as const) {
      expect(photoSources(photoUrl(ID, width))).toEqual({
        src: `/api/photos/${ID}/800.webp`,
        srcSet: `/api/photos/${ID}/400.webp 400w, /api/photos/${ID}/800.webp 800w, /api/photos/${ID}/1600.webp 1600w`,
      });
    }
  });

  it('leaves any other address as it is', () => {
    for (const url of ['https://images.example.com/a.jpg', '/images/deals/spa-day.svg', '', `/api/photos/${ID}/500.webp`, `/api/photos/not-an-id/800.webp`]) {
      expect(photoSources(url)).toEqual({ src: url, srcSet: null });
      expect(photoIdOf(url)).toBeNull();
    }
  });
});

describe('photoUploadForm', () => {
  it('puts the merchant before the file, as the server reads the parts in order', () => {
    const file = new Blob(['x'], { type: 'image/png' });
    expect([...photoUploadForm(file, 'm1').keys()]).toEqual(['merchantId', 'file']);
    expect([...photoUploadForm(file).keys()]).toEqual(['file']);
  });
});
