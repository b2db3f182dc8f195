import { MAX_CUSTOM_CSV_CHARACTERS } from '@etf-replicator/core/indexes/custom-csv';
import { type ChangeEvent, useId, useState } from 'react';
import { inputClasses } from '@/components/ui/text-field';

/** The file's text (FileReader: every browser and the test DOM have it; Blob.text() is missing in the latter). */
const readText = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });

/** A custom list as CSV (`symbol,weight`, header optional): pasted into the box or read from an uploaded file. */
export const CsvListInput = ({
  value,
  onChange,
  disabled = false,
}: {
  value: string;
  onChange: (csv: string) => void;
  disabled?: boolean;
}) => {
  const id = useId();
  const [fileError, setFileError] = useState<string>();
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_CUSTOM_CSV_CHARACTERS) {
      setFileError(`${file.name} is too large: a list is at most 100,000 characters.`);
      return;
    }
    setFileError(undefined);
    onChange(await readText(file));
  };
  return (
    <div className="min-w-0 space-y-2">
      <label htmlFor={`${id}-csv`} className="block text-sm font-medium text-slate-800">
        CSV (symbol,weight)
      </label>
      <textarea
        id={`${id}-csv`}
        aria-describedby={`${id}-hint`}
        className={`${inputClasses} min-h-32 font-mono`}
        value={value}
        disabled={disabled}
        placeholder={'symbol,weight\nAAPL,40\nMSFT,35\nJPM,25'}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        One stock per line. Weights are scaled to add up to 100 %.
      </p>
      <div>
        <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">
          Or upload a CSV file
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv,text/plain"
          disabled={disabled}
          onChange={(event) => void upload(event)}
          className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-800 hover:file:bg-slate-200"
        />
        {fileError && (
          <p role="alert" className="mt-1.5 text-sm text-red-700">
            {fileError}
          </p>
        )}
      </div>
    </div>
  );
};
