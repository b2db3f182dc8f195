import { useEffect, useState } from 'react';

/** A thumbnail of a picked file; its object URL is released when the preview goes away. */
export const ImagePreview = ({ file, alt }: { file: File; alt: string }) => {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url ? (
    <img src={url} alt={alt} className="size-full object-cover" />
  ) : (
    <span className="grid size-full place-items-center p-1 text-center text-xs break-all text-slate-500">
      {file.name}
    </span>
  );
};
