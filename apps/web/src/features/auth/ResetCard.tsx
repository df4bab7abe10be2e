import type { ReactNode } from 'react';
import { focusRing } from '../../ui/Button';

/** The card every state of the page sits in: an icon, a title and a lead line. */
export function ResetCard({
  icon,
  title,
  lead,
  children,
}: {
  icon: ReactNode;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="relative flex flex-1 items-start justify-center overflow-hidden px-4 py-10 sm:items-center sm:py-16">
      <div
        className="pointer-events-none absolute -top-32 start-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-brand-200/40 blur-3xl rtl:translate-x-1/2"
        aria-hidden="true"
      />
      <section
        aria-labelledby="reset-title"
        className="relative flex w-full max-w-md flex-col gap-6 rounded-3xl bg-white p-6 shadow-xl shadow-zinc-900/5 ring-1 ring-zinc-200 sm:p-8"
      >
        <div className="flex flex-col gap-3">
          <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
            {icon}
          </span>
          <h1 id="reset-title" className="text-2xl font-bold tracking-tight text-zinc-950 sm:text-3xl">
            {title}
          </h1>
          {lead && <p className="text-sm text-zinc-600">{lead}</p>}
        </div>
        {children}
      </section>
    </div>
  );
}

/** The classes of the text links under a reset card (back to log in, ask for a new link). */
export const linkClasses = `rounded font-semibold text-brand-700 underline-offset-4 hover:underline ${focusRing}`;
