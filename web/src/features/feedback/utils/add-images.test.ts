import { describe, expect, it } from 'vitest';
import { addCheckedImages, addImages } from './add-images';

const image = (name: string, type = 'image/png', size = 10) =>
  new File([new Uint8Array(size)], name, { type });

describe('addImages', () => {
  it('keeps the first five images and says why when more are picked', () => {
    const current = [image('1.png'), image('2.png')];
    const picked = [
      image('3.png'),
      image('4.jpg', 'image/jpeg'),
      image('5.gif', 'image/gif'),
      image('6.webp', 'image/webp'),
    ];
    const result = addImages(current, picked);
    expect(result.images.map((file) => file.name)).toEqual(['1.png', '2.png', '3.png', '4.jpg', '5.gif']);
    expect(result.error).toBe('You can upload a maximum of 5 images.');
  });

  it('accepts up to five without a message', () => {
    const result = addImages([], [image('1.png'), image('2.png')]);
    expect(result).toEqual({ images: [expect.any(File), expect.any(File)], error: undefined });
  });

  it('leaves out files that are not images or are larger than 5 MB', () => {
    expect(addImages([], [image('notes.txt', 'text/plain'), image('ok.png')])).toEqual({
      images: [expect.objectContaining({ name: 'ok.png' })],
      error: 'Only image files (PNG, JPEG, GIF or WebP) can be attached.',
    });
    expect(addImages([], [image('huge.png', 'image/png', 5 * 1024 * 1024 + 1)])).toEqual({
      images: [],
      error: 'Each image must be 5 MB or smaller.',
    });
  });
});

describe('addCheckedImages (issue 15: the bytes decide, as on the server)', () => {
  const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0];
  const realPng = (name: string) => new File([new Uint8Array(PNG_HEAD)], name, { type: 'image/png' });

  it('leaves out a file named and typed as PNG whose bytes are not an image, with the spec message', async () => {
    const fake = new File(['not an image at all'], 'fake.png', { type: 'image/png' });
    await expect(addCheckedImages([], [fake, realPng('real.png')])).resolves.toEqual({
      images: [expect.objectContaining({ name: 'real.png' })],
      error: 'Only image files (PNG, JPEG, GIF or WebP) can be attached.',
    });
  });

  it('keeps real images without a message', async () => {
    await expect(addCheckedImages([], [realPng('a.png')])).resolves.toEqual({
      images: [expect.objectContaining({ name: 'a.png' })],
      error: undefined,
    });
  });
});
