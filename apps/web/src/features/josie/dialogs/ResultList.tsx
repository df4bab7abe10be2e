import type { ReactNode } from 'react';

/** The scrolling list of the audio and video search results; `label` names it for assistive tech. */
export function ResultList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="flex max-h-80 flex-col gap-1 overflow-y-auto pe-1">
      {children}
    </ul>
  );
}
