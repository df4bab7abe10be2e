/** One statistic of an invite card: an icon, a label and a value. */
export function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-2xl bg-zinc-50 px-3 py-2 ring-1 ring-zinc-100">
      <dt className="text-xs font-medium text-zinc-600">{label}</dt>
      <dd className="text-sm font-semibold text-zinc-900">{value}</dd>
    </div>
  );
}
