/**
 * The soft brand wash behind the top of a section's pages (the admin area, the studio): decorative, under
 * the content (its parent is `relative`), 288 px high.
 */
export function PageBackdrop() {
  return (
    <div
      className="absolute inset-x-0 top-0 -z-10 h-72 bg-linear-to-b from-brand-100/70 via-violet-50/60 to-transparent"
      aria-hidden="true"
    />
  );
}
