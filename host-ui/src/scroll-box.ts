// The box of a table that may be wider than its room. It scrolls sideways inside itself, never the
// page; it is a labelled region a keyboard user can focus and scroll with the arrow keys (axe's
// scrollable-region-focusable); and `data-more` names the edges past which columns lie, where
// styles.css draws a shadow, so a reader sees that it scrolls. Where the table fits, no shadow shows.
import { h, type Child } from './dom';

export function scrollBox(label: string, className: string, ...children: Child[]): HTMLDivElement {
  const box = h(
    'div',
    { class: `table-scroll ${className}`.trim(), tabindex: 0, role: 'region', 'aria-label': label },
    ...children,
  );
  const mark = () => {
    // A pixel's slack: a fractional width rounds scrollWidth up.
    const more = [box.scrollLeft > 1 && 'left', box.scrollLeft + box.clientWidth < box.scrollWidth - 1 && 'right'];
    const edges = more.filter(Boolean).join(' ');
    if (edges) box.dataset.more = edges;
    else delete box.dataset.more;
  };
  box.addEventListener('scroll', mark, { passive: true });
  // The box's room and the table's width both change (a narrower window, new rows).
  const observer = new ResizeObserver(mark);
  observer.observe(box);
  for (const child of box.children) observer.observe(child);
  return box;
}
