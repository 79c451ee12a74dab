import { forwardRef } from 'react';

/** A hidden file input for one JSON file; the value is cleared so the same file can be chosen again. */
export const JsonFileInput = forwardRef<HTMLInputElement, { onFile: (file: File) => void }>(function JsonFileInput({ onFile }, ref) {
  return (
    <input
      ref={ref}
      type="file"
      accept=".json,application/json"
      hidden
      onChange={(e) => {
        const f = e.target.files?.[0];
        e.target.value = '';
        if (f) onFile(f);
      }}
    />
  );
});
