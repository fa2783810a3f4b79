import { useEffect, useState } from 'react';

/** A short-lived object URL for a picked or fetched file, released when the file changes or the view goes. */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [entry, setEntry] = useState<{ blob: Blob; url: string } | null>(null);

  useEffect(() => {
    if (!blob) return undefined;
    const url = URL.createObjectURL(blob);
    setEntry({ blob, url });
    return () => {
      URL.revokeObjectURL(url);
      setEntry((current) => (current?.url === url ? null : current));
    };
  }, [blob]);

  // A URL made for an earlier file is never shown for the current one.
  return entry && entry.blob === blob ? entry.url : null;
}
