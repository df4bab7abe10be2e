import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element has come near the viewport (within `rootMargin`), and stays true once it has.
 * Clipping by scrolling ancestors counts, so an option scrolled out of a list is not "in view". Without
 * `IntersectionObserver` every element counts as in view.
 */
export function useInView(ref: RefObject<Element | null>, rootMargin = '120px'): boolean {
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (inView || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, inView, rootMargin]);
  return inView;
}
