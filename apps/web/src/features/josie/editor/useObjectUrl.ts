import { useEffect, useState } from 'react';

/**
 * A `blob:` URL for a local file, for previews; revoked when the file changes or the component goes
 * away. Null without a file (and on the first render, before the effect runs).
 */
export function useObjectUrl(file: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}
