// An element that lives in one place on wide windows and in another on phones. The top bar of a
// 360 px window cannot hold the search button, the frame-width control with its custom field, the
// live dot, both switchers and the drawer toggle whole (about 380 px): the width control belongs
// to the add-on anyway, so on a phone it goes to the add-on's own header row, which wraps. Moving the
// node keeps its listeners and its state (the chosen width, the field's value).
import { PHONE_QUERY } from './layout';

export function placeOnPhones(element: HTMLElement, wide: HTMLElement, phone: HTMLElement): void {
  const query = window.matchMedia(PHONE_QUERY);
  const place = () => {
    const parent = query.matches ? phone : wide;
    if (element.parentElement !== parent) parent.prepend(element);
  };
  place();
  query.addEventListener('change', place);
}
