import { cn } from '../../lib/cn';
import { Spinner } from '../../ui/Spinner';

/** A grey pulsing block while the numbers load; hidden from assistive tech (the status says "Loading"). */
function Block({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-xl bg-zinc-200/80', className)} />;
}

/**
 * The studio's placeholders while a view loads: a row of number cards and a chart's space, the shape of
 * what comes, announced once as loading.
 */
export function StudioSkeleton({ label, cards = 4 }: { label: string; cards?: number }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <Spinner className="sr-only" label={label} />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {Array.from({ length: cards }, (_, i) => `card-${i}`).map((key) => (
          <div
            key={key}
            className="flex flex-col gap-2 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-zinc-200"
          >
            <Block className="h-4 w-20" />
            <Block className="h-8 w-16" />
            <Block className="h-3 w-12" />
          </div>
        ))}
      </div>
      <div className="flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-zinc-200">
        <Block className="h-5 w-40" />
        <Block className="h-48 w-full" />
      </div>
    </div>
  );
}
