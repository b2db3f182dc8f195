import { MAX_FEEDBACK_IMAGES } from '@etf-replicator/core/contracts/feedback';
import { useId } from 'react';
import { icons } from '@/components/ui/icons';
import { ACCEPTED_IMAGE_TYPES } from '../utils/add-images';
import { ImagePreview } from './image-preview';

type Props = {
  images: readonly File[];
  error: string | undefined;
  onPick: (files: File[]) => void;
  onRemove: (index: number) => void;
};

const keys = new WeakMap<File, string>();
let lastKey = 0;
/** A stable React key per picked file (two picks of the same name are still two files). */
const keyOf = (file: File): string => {
  let key = keys.get(file);
  if (key === undefined) {
    lastKey += 1;
    key = `image-${lastKey}`;
    keys.set(file, key);
  }
  return key;
};

/** Optional screenshots: images only, several at once, with previews and a remove button for each. */
export const ImagePicker = ({ images, error, onPick, onRemove }: Props) => {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Screenshots (optional)
      </label>
      <input
        id={id}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        multiple
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(event) => {
          onPick([...(event.target.files ?? [])]);
          // Lets the same file be picked again after it was removed.
          event.target.value = '';
        }}
        className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100"
      />
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
        Up to {MAX_FEEDBACK_IMAGES} images (PNG, JPEG, GIF or WebP), 5 MB each.
      </p>
      <p id={`${id}-error`} aria-live="polite" className="mt-1.5 text-sm text-amber-700 empty:hidden">
        {error}
      </p>
      {images.length > 0 && (
        <ul aria-label="Selected screenshots" className="mt-3 flex flex-wrap gap-3">
          {images.map((file, index) => (
            <li
              key={keyOf(file)}
              className="relative size-24 overflow-hidden rounded-md bg-slate-100 ring-1 ring-slate-200"
            >
              <ImagePreview file={file} alt={`Screenshot ${index + 1}: ${file.name}`} />
              <button
                type="button"
                onClick={() => onRemove(index)}
                aria-label={`Remove screenshot ${index + 1}`}
                className="absolute top-1 right-1 rounded-full bg-white/90 p-0.5 text-slate-700 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                {icons.close}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};
